/**
 * The buttons of one item of an editable list: move up, move down, remove. Buttons, not dragging,
 * so the keyboard and screen readers can do everything; each names its item for a screen reader.
 */
import { Button } from '../../../components/ui/button';

/** The compact look of the item buttons (over the button's own sizes). */
const SMALL_BUTTON = '!min-h-9 !px-2.5 !py-1 !text-sm';

export function ItemActions({
  index,
  count,
  name,
  onMove,
  onRemove,
}: {
  index: number;
  count: number;
  /** The item as a screen reader hears it after the button's word, e.g. "question 2". */
  name: string;
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
}) {
  return (
    <div className="flex flex-wrap gap-1">
      <Button
        variant="ghost"
        className={SMALL_BUTTON}
        disabled={index === 0}
        onClick={() => onMove(index, index - 1)}
      >
        Move up<span className="sr-only"> {name}</span>
      </Button>
      <Button
        variant="ghost"
        className={SMALL_BUTTON}
        disabled={index === count - 1}
        onClick={() => onMove(index, index + 1)}
      >
        Move down<span className="sr-only"> {name}</span>
      </Button>
      <Button variant="ghost" className={SMALL_BUTTON} onClick={() => onRemove(index)}>
        Remove<span className="sr-only"> {name}</span>
      </Button>
    </div>
  );
}
