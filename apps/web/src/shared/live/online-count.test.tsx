import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import type { IMessage } from '@stomp/stompjs';
import { renderWithProviders, stubApi } from '../../test/render';
import { homepageFixture } from '../../test/fake-server';
import { useHomepageStat } from '../api/common-queries';
import { usePageLoadedStore } from '../stores/page-loaded-store';
import type { StompCallbacks, StompFactory, StompLike } from './live-connection';
import { useLiveConnection } from './use-live-connection';

afterEach(() => {
  vi.unstubAllGlobals();
  usePageLoadedStore.setState({ loadedPages: 0 });
});

let connect: (() => void) | null = null;
const factory: StompFactory = (callbacks: StompCallbacks): StompLike => {
  const stomp = {
    connected: false,
    activate: () => {
      connect = () => {
        stomp.connected = true;
        callbacks.onConnect();
      };
    },
    deactivate: () => {},
    subscribe: (_destination: string, _cb: (m: IMessage) => void) => undefined,
  };
  return stomp;
};

function Online() {
  useLiveConnection(factory);
  const online = useHomepageStat().data?.onlineCount;
  return <span data-testid="online">{online ?? '-'}</span>;
}

describe('online count (issue 9 item 16)', () => {
  it('is read again once this visitor is connected, so it counts the visitor', async () => {
    // The server counts live sockets: before this page's socket exists the answer is 0, after it is 1.
    let sockets = 0;
    stubApi({ '/api/stat/homepage': () => ({ ...homepageFixture, onlineCount: sockets }) });
    usePageLoadedStore.getState().reportLoaded();
    renderWithProviders(<Online />);
    expect((await screen.findByText('0')).dataset.testid).toBe('online');
    expect(document.documentElement.dataset.live).not.toBe('subscribed');
    sockets = 1;
    act(() => connect?.());
    expect((await screen.findByText('1')).dataset.testid).toBe('online');
    // The page says when events flow, so tests (and people) wait for that, not for time.
    expect(document.documentElement.dataset.live).toBe('subscribed');
  });
});
