// /upload - import a run archive or folder from the browser
import { Suspense } from 'react';
import { UploadForm } from '@/components/upload/UploadForm';
import { importFormats } from '@/lib/importers';

export const metadata = { title: 'Upload' };
export const dynamic = 'force-dynamic';

export default function UploadPage() {
  const formats = importFormats.map((f) => ({ format: f.format, description: f.description }));
  return (
    <>
      <h1>Upload runs</h1>
      <p className="subtitle">
        A run folder or an archive of one or more runs. The layout is detected ({formats.map((f) => f.format).join(', ')}); the
        import runs in the background and either stores everything or nothing.
      </p>
      <Suspense>
        <UploadForm formats={formats} />
      </Suspense>
    </>
  );
}
