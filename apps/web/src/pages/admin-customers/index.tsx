// Not built yet: the page of this console area is being written (issue 16).
export default function AdminPlaceholder() {
  return null;
}
