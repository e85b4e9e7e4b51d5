import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isLoggedIn } from '../storage/token';
import { useEntryParamsStore } from '../stores/entry-params-store';
import { captureEntryParams, searchToRestore, type AddressPart } from './query-string';

/** Mounted once in the root layout: captures entry parameters and applies the keep/restore rule. */
export function useQueryStringKeeper(): void {
  const location = useLocation();
  const navigate = useNavigate();
  const previous = useRef<AddressPart | null>(null);

  useEffect(() => {
    const next = { pathname: location.pathname, search: location.search };
    useEntryParamsStore.getState().remember(captureEntryParams(next.search));
    const restore = searchToRestore(previous.current, next, isLoggedIn());
    previous.current = restore === null ? next : { pathname: next.pathname, search: restore };
    if (restore !== null) {
      void navigate({ pathname: next.pathname, search: restore, hash: location.hash }, { replace: true });
    }
  }, [location.pathname, location.search, location.hash, navigate]);
}
