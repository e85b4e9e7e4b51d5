import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { Providers } from '../app/providers';

/** Renders a component inside the app's providers and a memory router; returns the router too. */
export function renderWithProviders(ui: ReactNode, path = '/') {
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [path] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const view = render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...view, router, queryClient };
}

type Handler = (params: URLSearchParams, init: RequestInit | undefined) => unknown;

/**
 * Stubs fetch with envelope answers per path. A handler returns the data (status 0), or an
 * `{ status, msg }` object through `refuse`. Unknown paths never answer.
 */
export function stubApi(handlers: Record<string, Handler>) {
  const fetchFn = vi.fn((input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const handler = handlers[url.pathname];
    if (!handler) return new Promise<Response>(() => {});
    const params = init?.method === 'POST' && typeof init.body === 'string' ? new URLSearchParams(init.body) : url.searchParams;
    const result = handler(params, init);
    const body = result instanceof Refusal ? { status: result.status, msg: result.msg, data: null } : { status: 0, msg: '', data: result };
    return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
  });
  vi.stubGlobal('fetch', fetchFn);
  return fetchFn;
}

class Refusal {
  constructor(
    readonly status: number,
    readonly msg: string,
  ) {}
}
export const refuse = (status: number, msg: string) => new Refusal(status, msg);

/** The calls made to one path, with their parameters. */
export const callsTo = (fetchFn: ReturnType<typeof stubApi>, path: string) =>
  fetchFn.mock.calls
    .filter(([input]) => new URL(input, 'http://localhost').pathname === path)
    .map(([input, init]) =>
      init?.method === 'POST' && typeof init.body === 'string'
        ? new URLSearchParams(init.body)
        : new URL(input, 'http://localhost').searchParams,
    );
