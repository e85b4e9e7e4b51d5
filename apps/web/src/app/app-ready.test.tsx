import { afterEach, describe, expect, it } from 'vitest';
import { render, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { useAppReadyMark } from './app-ready';

function Marked({ client }: { client: QueryClient }) {
  useAppReadyMark(client);
  return null;
}

const ready = () => document.documentElement.hasAttribute('data-app-ready');

afterEach(() => document.documentElement.removeAttribute('data-app-ready'));

describe('the app-ready mark (what the end-to-end tests wait for)', () => {
  it('waits while a query is in flight and is set once it has answered', async () => {
    const client = new QueryClient();
    let answer: (value: string) => void = () => {};
    void client.fetchQuery({ queryKey: ['first'], queryFn: () => new Promise<string>((resolve) => (answer = resolve)) });
    render(<Marked client={client} />);
    await new Promise((r) => setTimeout(r, 300));
    expect(ready()).toBe(false);
    answer('in');
    await waitFor(() => expect(ready()).toBe(true));
  });

  it('waits while something on the page says it is busy (a page chunk loading)', async () => {
    const busy = document.createElement('div');
    busy.setAttribute('aria-busy', 'true');
    document.body.append(busy);
    render(<Marked client={new QueryClient()} />);
    await new Promise((r) => setTimeout(r, 300));
    expect(ready()).toBe(false);
    busy.remove();
    await waitFor(() => expect(ready()).toBe(true));
  });
});
