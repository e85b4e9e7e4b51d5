import { Link } from 'react-router';
import type { BoxSummary } from '@skinfair/contract';
import { ItemImage } from '../../../shared/ui/item-image';
import { Price } from '../../../shared/ui/price';

/** A box in a grid: picture, name, price; the whole card links to /box/{id}. */
export function BoxCard({ box }: { box: BoxSummary }) {
  return (
    <li>
      <Link
        to={`/box/${box.id}`}
        data-testid="box-card"
        data-box-id={box.id}
        className="group flex h-full flex-col items-center gap-2 rounded-xl border border-line bg-panel p-3 text-center transition hover:-translate-y-0.5 hover:border-accent-orange/60 focus-visible:outline-2"
      >
        <ItemImage src={box.boxImage ?? box.weaponImage} name={box.boxName} grade={2} className="h-28 w-full" />
        <span className="line-clamp-2 text-sm font-medium text-slate-100 group-hover:text-white">{box.boxName}</span>
        <Price fen={box.openPrice} className="mt-auto rounded-full bg-accent-orange/15 px-3 py-0.5 text-sm font-bold text-accent-orange" />
      </Link>
    </li>
  );
}

export function BoxGrid({ boxes }: { boxes: readonly BoxSummary[] }) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-6">
      {boxes.map((box) => (
        <BoxCard key={box.id} box={box} />
      ))}
    </ul>
  );
}
