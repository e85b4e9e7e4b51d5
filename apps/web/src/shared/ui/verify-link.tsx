import { Link } from 'react-router';

interface VerifyLinkProps {
  /** The owner's roll number or anyone's share id: both open the roll's verify page. */
  id: string | number;
  label: string;
  /** Added to the link look (size, placement). */
  className?: string;
  testId?: string;
}

/** The link from a roll (a box opening, a dream, a game record) to its page on /provably-fair/verify. */
export function VerifyLink({ id, label, className = '', testId }: VerifyLinkProps) {
  return (
    <Link to={`/provably-fair/verify/${id}`} className={`text-accent-cyan hover:underline ${className}`.trim()} data-testid={testId}>
      {label}
    </Link>
  );
}
