import 'react';

/**
 * HTML attributes React 19 passes through but its types do not list yet:
 * invoker commands (a button that opens or closes a dialog with no script)
 * and a dialog's light dismiss. Written in lower case, as HTML has them.
 */
declare module 'react' {
  // The type parameter must match React's own declaration for the two to merge.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ButtonHTMLAttributes<T> {
    command?:
      'show-modal' | 'close' | 'request-close' | 'toggle-popover' | 'show-popover' | 'hide-popover';
    commandfor?: string;
  }
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface DialogHTMLAttributes<T> {
    closedby?: 'any' | 'closerequest' | 'none';
  }
}
