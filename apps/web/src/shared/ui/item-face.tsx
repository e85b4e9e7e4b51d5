import { gradeColour, ItemImage } from './item-image';
import { Price } from './price';

/** How one list draws its items: the classes of the picture, the name and the price. */
export interface ItemFaceLook {
  image: string;
  name: string;
  price: string;
}

interface ItemFaceProps {
  image: string | null | undefined;
  name: string;
  grade: number;
  fen: number;
  look: ItemFaceLook;
  /** A card's name: in its grade colour, with the whole name as a tooltip where the name is cut short. */
  graded?: boolean;
}

/** An item as the lists show it: its picture, its name and its price, in that order. */
export function ItemFace({ image, name, grade, fen, look, graded = false }: ItemFaceProps) {
  return (
    <>
      <ItemImage src={image} name={name} grade={grade} className={look.image} />
      {graded ? (
        <p className={look.name} style={{ color: gradeColour(grade) }} title={name}>
          {name}
        </p>
      ) : (
        <span className={look.name}>{name}</span>
      )}
      <Price fen={fen} className={look.price} />
    </>
  );
}
