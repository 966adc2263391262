/**
 * The crypto checkout, as far as jsdom goes: it navigates only within the document, so the
 * checkout a test hands out is this page with a fragment, and "the browser went to the checkout"
 * is that fragment on the URL. setup.ts puts the URL back after each test.
 */
export function checkoutUrl(name: string): string {
  return new URL(`#${name}`, window.location.href).href;
}

/** The checkout the page sent the browser to ('' when it stayed). */
export function visitedCheckout(): string {
  return window.location.hash.slice(1);
}
