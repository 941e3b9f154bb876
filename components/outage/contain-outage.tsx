'use client';
import { Component, type ReactNode } from 'react';

/** Keeps OutageGuard's deliberate failure from reaching the segment's error boundary in the browser. */
export class ContainOutage extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  render() {
    return this.state.failed ? null : this.props.children;
  }
}
