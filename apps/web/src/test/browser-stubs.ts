/**
 * What antd needs from a browser that jsdom does not have: media queries (Grid, responsive
 * observers; answered by width), ResizeObserver (tables, overflow, text areas), scrolling, and getComputedStyle with
 * a pseudo-element (scrollbar measuring), which jsdom rejects as not implemented.
 */
/**
 * Width queries answered against `window.innerWidth` (jsdom: 1024 px, a laptop), so antd's Grid
 * breakpoints see a desktop unless a test narrows the window (`setViewportWidth`); any other query
 * never matches. Nothing changes after the answer: a test sets the width before it renders.
 */
function widthQueryMatches(query: string): boolean {
  const width = window.innerWidth;
  const parts = query.split(/\s+and\s+/);
  let understood = false;
  for (const part of parts) {
    const found = /\((min|max)-width:\s*([\d.]+)px\)/.exec(part);
    if (!found) return false;
    understood = true;
    const limit = Number(found[2]);
    if (found[1] === 'min' ? width < limit : width > limit) return false;
  }
  return understood;
}

class WidthMediaQueryList extends EventTarget {
  readonly matches: boolean;
  onchange = null;

  constructor(readonly media: string) {
    super();
    this.matches = widthQueryMatches(media);
  }

  // The pre-2020 API, still called by ProLayout's media hook.
  addListener(): void {
    // Nothing ever changes.
  }

  removeListener(): void {
    // Nothing was listened to.
  }
}

/** A phone (390) or a desktop (1440) for the next render; the set-up puts 1024 back after each test. */
export function setViewportWidth(width: number): void {
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: width });
}

export function installBrowserStubs(): void {
  window.matchMedia = (query: string) => new WidthMediaQueryList(query);

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
