import Link from 'next/link';
import { MissingPageMessage } from '@/components/ui/MissingPageMessage';

export default function NotFound() {
  return (
    <>
      <MissingPageMessage />
      <Link href="/">Back to the runs</Link>
    </>
  );
}
