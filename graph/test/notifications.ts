import { Notification } from "../src/modules/notifications/notification.entity.js";
import type { NotificationView } from "../src/modules/notifications/notifications.types.js";
import type { TestApp } from "./harness.js";

/**
 * Every notification addressed to `userId`, newest first, as the doors show them: for asserting
 * what a student was told, whether or not their profile is filled (the service's reads gate on it).
 */
export async function notificationsOf(t: TestApp, userId: string): Promise<NotificationView[]> {
  const rows = await t.dataSource
    .getRepository(Notification)
    .find({ where: { recipientId: userId }, order: { createdAt: "DESC", id: "DESC" } });
  return t.app.services.notifications.views(rows);
}
