import { buttonClass } from '@/components/ui/button';
import { navConfig } from '@/config/navigation';
import { Link } from '@/i18n/navigation';
import { cn } from '@/lib/cn';

type NextStepsProps = {
  /** The label of the way to a consultation, the first. */
  consultation: string;
  /** The label of the way to the calculator. */
  calculator: string;
  className?: string;
};

/** A dark band's two ways forward: a consultation, and the cost calculator. */
export function NextSteps({ consultation, calculator, className }: NextStepsProps) {
  return (
    <div className={cn('flex flex-col gap-3 sm:flex-row', className)}>
      <Link
        href={navConfig.consultation}
        className={buttonClass({ variant: 'inverse', size: 'lg' })}
      >
        {consultation}
      </Link>
      <Link href="/calculator" className={buttonClass({ variant: 'glass', size: 'lg' })}>
        {calculator}
      </Link>
    </div>
  );
}
