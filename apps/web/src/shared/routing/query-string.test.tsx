import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation, useNavigate, type NavigateFunction } from 'react-router';
import { captureEntryParams, readEntryParams, searchToRestore } from './query-string';
import { useQueryStringKeeper } from './use-query-string-keeper';
import { useEntryParamsStore } from '../stores/entry-params-store';

describe('entry parameters (spec §2, §3)', () => {
  it('reads callbackUrl, promoteCode and channelCode from the address', () => {
    expect(readEntryParams('?callbackUrl=%2Fbox&promoteCode=ABC123&channelCode=tt&x=1')).toEqual({
      callbackUrl: '/box',
      promoteCode: 'ABC123',
      channelCode: 'tt',
    });
    expect(readEntryParams('')).toEqual({ callbackUrl: null, promoteCode: null, channelCode: null });
  });

  it('remembers channelCode in localStorage and keeps it when a later address has none', () => {
    captureEntryParams('?channelCode=douyin');
    captureEntryParams('?promoteCode=XYZ789');
    expect(localStorage.getItem('channelCode')).toBe('douyin');
  });
});

describe('query-string keep/restore rule (spec §2)', () => {
  const prev = { pathname: '/home', search: '?promoteCode=ABC123' };

  it('restores the previous query when the route changes and the query is gone', () => {
    expect(searchToRestore(prev, { pathname: '/box', search: '' }, false)).toBe('?promoteCode=ABC123');
  });

  it('does nothing for logged-in users, new queries, same-route changes or the first page', () => {
    expect(searchToRestore(prev, { pathname: '/box', search: '' }, true)).toBeNull();
    expect(searchToRestore(prev, { pathname: '/box', search: '?page=2' }, false)).toBeNull();
    expect(searchToRestore(prev, { pathname: '/home', search: '' }, false)).toBeNull();
    expect(searchToRestore({ pathname: '/home', search: '' }, { pathname: '/box', search: '' }, false)).toBeNull();
    expect(searchToRestore(null, { pathname: '/box', search: '' }, false)).toBeNull();
  });
});

describe('useQueryStringKeeper in a router', () => {
  let go: NavigateFunction = () => undefined;
  function Probe() {
    useQueryStringKeeper();
    go = useNavigate();
    const location = useLocation();
    return <p data-testid="at">{location.pathname + location.search}</p>;
  }
  const setup = (entry: string) =>
    render(<RouterProvider router={createMemoryRouter([{ path: '*', element: <Probe /> }], { initialEntries: [entry] })} />);

  it("keeps a guest's promotion query across navigation and captures the codes", async () => {
    setup('/home?promoteCode=ABC123&channelCode=bili');
    expect(useEntryParamsStore.getState().promoteCode).toBe('ABC123');
    await act(() => go('/box'));
    expect(screen.getByTestId('at').textContent).toBe('/box?promoteCode=ABC123&channelCode=bili');
    expect(localStorage.getItem('channelCode')).toBe('bili');
  });

  it('lets a logged-in user drop the query', async () => {
    localStorage.setItem('token', 't');
    setup('/home?promoteCode=ABC123');
    await act(() => go('/box'));
    expect(screen.getByTestId('at').textContent).toBe('/box');
  });
});
