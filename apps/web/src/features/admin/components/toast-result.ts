import { toast } from '../../../shared/ui/toast';

/**
 * A console mutation's callbacks: on success `then` (close a dialog, clear a form) and a toast that says
 * what was done; on failure the server's message in an error toast.
 */
export function toastResult(done: string, then?: () => void) {
  return {
    onSuccess: () => {
      then?.();
      void toast.success(done);
    },
    onError: (e: Error) => void toast.error(e.message),
  };
}
