/**
 * Where a popup of the sticky header (the account menu, the traffic split) is placed: inside the
 * header, so it stays with its trigger while the page scrolls. Placed in the page's body, it moves
 * with the page and is only re-aligned afterwards — on a busy machine long enough for a click aimed
 * at a menu item to land on the page behind it.
 */
export function inStickyHeader(trigger: HTMLElement): HTMLElement {
  return trigger.closest('header') ?? document.body;
}
