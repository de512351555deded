import { z } from 'zod';
import { lazySchema } from './lazy-schema';

/**
 * POST and GET /notifications/setting (DESIGN §8): the signed-in admin's notification choices.
 * Unknown keys are a 400; a key left out keeps its stored value.
 */
export const notificationSettingsSchema = lazySchema(() =>
  z
    .object({
      /** Mail me the link when a download I asked for is ready. */
      export_ready_email: z.boolean({ message: 'must be true or false' }),
    })
    .strict(),
);
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;
export const notificationSettingsUpdateSchema = lazySchema(() =>
  notificationSettingsSchema.partial().strict(),
);
export const NOTIFICATION_DEFAULTS: NotificationSettings = { export_ready_email: false };
export const NOTIFICATIONS_SAVED = 'Notification settings saved';
