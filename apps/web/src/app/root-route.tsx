import { Outlet } from 'react-router';
import { useDocumentTitle } from './use-document-title';

/** The root of every page: keeps the document title in step with the route table. */
export function RootRoute() {
  useDocumentTitle();
  return <Outlet />;
}
