/**
 * What antd needs from a browser that jsdom does not have: media queries (Grid, responsive
 * observers), ResizeObserver (tables, overflow, text areas), scrolling, and getComputedStyle with
 * a pseudo-element (scrollbar measuring), which jsdom rejects as not implemented.
 */
/** No media query ever matches: the screen is neither narrow nor wide, nothing changes. */
class NoMatchMediaQueryList extends EventTarget {
  readonly matches = false;
  onchange = null;

  constructor(readonly media: string) {
    super();
  }

  // The pre-2020 API, still called by ProLayout's media hook.
  addListener(): void {
    // Nothing ever changes.
  }

  removeListener(): void {
    // Nothing was listened to.
  }
}

export function installBrowserStubs(): void {
  window.matchMedia = (query: string) => new NoMatchMediaQueryList(query);

  class NoResizeObserver implements ResizeObserver {
    observe(): void {
      // jsdom lays nothing out: sizes never change.
    }
    unobserve(): void {
      // Nothing observed.
    }
    disconnect(): void {
      // Nothing observed.
    }
  }
  window.ResizeObserver = NoResizeObserver;

  window.scrollTo = () => undefined;
  Element.prototype.scrollIntoView = () => undefined;

  const computedStyle = window.getComputedStyle.bind(window);
  window.getComputedStyle = (element: Element) => computedStyle(element);
}
