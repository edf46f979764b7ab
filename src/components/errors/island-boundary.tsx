import { Component, type ComponentType, type ReactNode } from 'react';
import { reportPageError } from '@/lib/navigation/page-error';
import { showPageError } from './show-page-error';

type BoundaryProps = { children: ReactNode };

/**
 * Around every island: an unexpected error while it renders or reacts shows
 * the error page in the page's language in place of the page's content (the
 * header and footer stay), as a failure anywhere else would, and tells the
 * page's recovery code, which reloads the page once when the cause is a file
 * of the build that failed to load. React logs the error itself, once.
 */
class IslandBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    reportPageError(error);
    showPageError();
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/** An island's component inside the boundary above. */
export function island<Props extends object>(View: ComponentType<Props>): ComponentType<Props> {
  function Island(props: Props) {
    return (
      <IslandBoundary>
        <View {...props} />
      </IslandBoundary>
    );
  }
  Island.displayName = `Island(${View.displayName ?? View.name})`;
  return Island;
}
