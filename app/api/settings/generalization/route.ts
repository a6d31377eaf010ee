// GET /api/settings/generalization - the global severe-overfit threshold setting
// PUT /api/settings/generalization - replace it ({ absolute: number | null, relative: number })
import { handle, jsonBody } from '@/lib/http/handler';
import { thresholdSettingSchema } from '@/lib/contracts/api/generalization';
import { audit } from '@/lib/db/audit';
import { getThresholdSetting, setThresholdSetting } from '@/lib/db/generalization';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = handle(async () => getThresholdSetting(), { permission: 'read' });

export const PUT = handle(async (req, _params, { actor }) => {
  const setting = thresholdSettingSchema.parse(await jsonBody(req));
  await setThresholdSetting(setting);
  await audit(actor, 'settings.generalization', { kind: 'setting', id: 'generalization' }, setting);
  return setting;
}, { permission: 'settings' });
