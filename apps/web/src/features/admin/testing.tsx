import type { ComponentProps } from 'react';
import { render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { rolePermissions, type AdminMe, type AdminRole } from '@skinfair/contract';
import { Providers } from '../../app/providers';
import AdminApp from './admin-app';

export interface RenderAdminOptions {
  /** Put an operator token in sessionStorage first, as a signed-in console has. */
  token?: string;
  /** AdminApp's `markdown` prop (the content screen's preview renderer). */
  markdown?: ComponentProps<typeof AdminApp>['markdown'];
}

/** Renders the console at `path` (under /admin/*) with a fresh QueryClient (no retries); returns the router. */
export function renderAdmin(path: string, options: RenderAdminOptions = {}) {
  if (options.token !== undefined) sessionStorage.setItem('skinfair_admin_token', options.token);
  const admin = <AdminApp markdown={options.markdown} />;
  const router = createMemoryRouter([{ path: '/admin/*', element: admin }], { initialEntries: [path] });
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

/** The signed-in operator for a role, with that role's permissions; `who` names a different operator. */
export const meAs = (role: AdminRole, who: { id: number; name: string } = { id: 7, name: 'helper' }): AdminMe => ({
  id: who.id,
  name: who.name,
  role,
  enrolled: true,
  disabled: false,
  mustChangePassword: false,
  passwordExpiresAt: null,
  createdAt: '2026-11-25T08:00:00.000Z',
  permissions: [...rolePermissions[role]],
  idleExpiresAt: '2026-11-25T09:00:00.000Z',
});

/** A one-page-per-default Page of rows. */
export const page = <T,>(rows: T[], totalPages = 1) => ({
  pageData: rows,
  page: 1,
  pageSize: 20,
  totalRows: rows.length,
  totalPages,
});
