import { Component, type ReactNode } from 'react';

/**
 * Around a part of an island that the rest can do without (the picker of a
 * call after a request, loaded only then): if it fails, it is left out and
 * what surrounds it (the thank-you) stays, instead of the island's error page.
 */
export class OptionalPart extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
