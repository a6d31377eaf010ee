import Link from 'next/link';

export default function NotFound() {
  return (
    <>
      <h1>Not found</h1>
      <p className="subtitle">No run or program has that id.</p>
      <Link href="/">Back to the runs</Link>
    </>
  );
}
