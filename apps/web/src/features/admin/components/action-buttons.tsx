import { smallButtonClass } from './styles';

/** One button of a row's actions. */
export interface RowAction {
  label: string;
  onClick: () => void;
  disabled?: boolean;
}

/** A table row's action buttons, in their order. */
export function ActionButtons({ actions }: { actions: RowAction[] }) {
  return (
    <div className="flex gap-2">
      {actions.map((action) => (
        <button key={action.label} type="button" className={smallButtonClass} disabled={action.disabled} onClick={action.onClick}>
          {action.label}
        </button>
      ))}
    </div>
  );
}

/** An action that asks the browser's yes/no question first and runs only on yes. */
export const confirmed = (question: string, run: () => void) => () => {
  if (window.confirm(question)) run();
};
