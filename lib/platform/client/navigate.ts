/** A full-page navigation (to a payment page outside the app's router); one place for tests to replace. */
export function goTo(url: string): void {
  window.location.assign(url);
}
