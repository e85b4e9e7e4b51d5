import type { Opening } from '../hooks/use-opening';
import { OpeningStage } from './opening-stage';
import { ResultDialog } from './result-dialog';

/** The reels while spinning, then the result dialog; nothing while idle. */
export function OpeningArea({ opening }: { opening: Opening }) {
  if (opening.phase === 'spinning') {
    return <OpeningStage results={opening.results} gifts={opening.gifts} onFinished={opening.reveal} />;
  }
  if (opening.phase === 'result') return <ResultDialog results={opening.results} onClose={opening.close} />;
  return null;
}
