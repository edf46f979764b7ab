import type { Root } from 'hast';
import { toJsxRuntime, type Components } from 'hast-util-to-jsx-runtime';
import type { ComponentProps } from 'react';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import type { PagePath } from '@/config/navigation';
import { Link } from '@/i18n/navigation';
import { cn } from '@/lib/cn';

function ContentLink({ href = '', children, ...rest }: ComponentProps<'a'>) {
  // Site paths get the page's language prefix and client-side navigation.
  if (href.startsWith('/') && !href.startsWith('//')) {
    return (
      <Link href={href as PagePath} {...rest}>
        {children}
      </Link>
    );
  }
  const external = /^https?:\/\//i.test(href);
  return (
    <a
      href={href}
      {...rest}
      {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      {children}
    </a>
  );
}

function Table({ children, ...rest }: ComponentProps<'table'>) {
  // Wide tables scroll inside their own box instead of widening the page; a
  // shadow at an edge shows there is more to that side (.table-scroll). The box
  // takes focus so that it can be scrolled from the keyboard (axe's
  // scrollable-region-focusable).
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be focusable
    <div className="table-scroll" tabIndex={0}>
      <table {...rest}>{children}</table>
    </div>
  );
}

const components: Partial<Components> = { a: ContentLink, table: Table };

type MarkdownBodyProps = { tree: Root; className?: string };

/** Renders sanitised Markdown as React elements: no raw HTML string reaches the page. */
export function MarkdownBody({ tree, className }: MarkdownBodyProps) {
  return (
    <div className={cn('prose-content', className)}>
      {toJsxRuntime(tree, { Fragment, jsx, jsxs, components })}
    </div>
  );
}
