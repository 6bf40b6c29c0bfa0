import type { MigrationInterface, QueryRunner } from "typeorm";

export class Init1795310079245 implements MigrationInterface {
  name = "Init1795310079245";

  async up(q: QueryRunner): Promise<void> {
    await q.query("CREATE TABLE `contact_messages` (`id` varchar(36) NOT NULL, `name` varchar(100) NOT NULL, `email` varchar(254) NOT NULL, `message` text NOT NULL, `ip` varchar(64) NOT NULL, `createdAt` datetime(3) NOT NULL, INDEX `idx_contact_messages_created` (`createdAt`), PRIMARY KEY (`id`)) ENGINE=InnoDB");
    await q.query("CREATE TABLE `password_resets` (`id` varchar(36) NOT NULL, `userId` varchar(36) NOT NULL, `tokenHash` varchar(64) NOT NULL, `createdAt` datetime(3) NOT NULL, `expiresAt` datetime(3) NOT NULL, `usedAt` datetime(3) NULL, UNIQUE INDEX `uq_password_resets_token_hash` (`tokenHash`), INDEX `idx_password_resets_user` (`userId`), PRIMARY KEY (`id`)) ENGINE=InnoDB");
    await q.query("CREATE TABLE `users` (`id` varchar(36) NOT NULL, `name` varchar(60) NOT NULL, `nameKey` varchar(60) NOT NULL, `email` varchar(254) NOT NULL, `passwordHash` varchar(255) NOT NULL, `tokenVersion` int NOT NULL DEFAULT '0', `gender` varchar(10) NULL, `image` varchar(1024) NULL, `amount` int NOT NULL DEFAULT '0', `days` int NOT NULL DEFAULT '0', `ratingSum` int NOT NULL DEFAULT '0', `ratingCount` int NOT NULL DEFAULT '0', `ratingAvg` double NOT NULL DEFAULT '0', `skillCoins` int NOT NULL DEFAULT '0', `createdAt` datetime(3) NOT NULL, UNIQUE INDEX `uq_users_name_key` (`nameKey`), UNIQUE INDEX `uq_users_email` (`email`), INDEX `idx_users_leaderboard` (`ratingAvg`, `ratingCount`, `skillCoins`), PRIMARY KEY (`id`)) ENGINE=InnoDB");
    await q.query("CREATE TABLE `blocks` (`id` varchar(36) NOT NULL, `blockerId` varchar(36) NOT NULL, `blockedId` varchar(36) NOT NULL, `reason` varchar(30) NOT NULL, `createdAt` datetime(3) NOT NULL, INDEX `idx_blocks_blocked` (`blockedId`), UNIQUE INDEX `uq_blocks_pair` (`blockerId`, `blockedId`), PRIMARY KEY (`id`)) ENGINE=InnoDB");
    await q.query("CREATE TABLE `chats` (`id` varchar(36) NOT NULL, `userLowId` varchar(36) NOT NULL, `userHighId` varchar(36) NOT NULL, `kind` varchar(12) NOT NULL, `requesterId` varchar(36) NOT NULL, `receiverId` varchar(36) NOT NULL, `requesterLearnsSkill` varchar(100) NULL, `requesterLearnsCategory` varchar(60) NULL, `receiverLearnsSkill` varchar(100) NULL, `receiverLearnsCategory` varchar(60) NULL, `coins` int NOT NULL DEFAULT '0', `escrowRef` varchar(80) NULL, `title` varchar(200) NULL, `status` varchar(20) NOT NULL, `startDate` datetime(3) NOT NULL, `meetingLink` varchar(500) NULL, `requesterFinishedAt` datetime(3) NULL, `receiverFinishedAt` datetime(3) NULL, `requesterRated` tinyint NOT NULL DEFAULT 0, `receiverRated` tinyint NOT NULL DEFAULT 0, `endedAt` datetime(3) NULL, `lastActivityAt` datetime(3) NOT NULL, `messageCount` int NOT NULL DEFAULT '0', `lastMessagePreview` varchar(160) NULL, `lastMessageSenderId` varchar(36) NULL, INDEX `idx_chats_high` (`userHighId`), UNIQUE INDEX `uq_chats_pair` (`userLowId`, `userHighId`), PRIMARY KEY (`id`)) ENGINE=InnoDB");
    await q.query("CREATE TABLE `chat_reports` (`id` varchar(36) NOT NULL, `chatId` varchar(36) NOT NULL, `reporterId` varchar(36) NOT NULL, `reportedId` varchar(36) NOT NULL, `reason` varchar(40) NOT NULL, `details` varchar(500) NULL, `chatStatus` varchar(20) NOT NULL, `refundedCoins` int NOT NULL DEFAULT '0', `createdAt` datetime(3) NOT NULL, INDEX `idx_chat_reports_reported` (`reportedId`), INDEX `idx_chat_reports_created` (`createdAt`), UNIQUE INDEX `uq_chat_reports_chat_reporter` (`chatId`, `reporterId`), PRIMARY KEY (`id`)) ENGINE=InnoDB");
    await q.query("CREATE TABLE `chat_messages` (`id` varchar(36) NOT NULL, `chatId` varchar(36) NOT NULL, `seq` int NOT NULL, `senderId` varchar(36) NOT NULL, `receiverId` varchar(36) NOT NULL, `body` varchar(2000) NOT NULL, `createdAt` datetime(3) NOT NULL, UNIQUE INDEX `uq_chat_messages_chat_seq` (`chatId`, `seq`), PRIMARY KEY (`id`)) ENGINE=InnoDB");
    await q.query("CREATE TABLE `coin_orders` (`id` varchar(36) NOT NULL, `gatewayOrderId` varchar(64) NOT NULL, `userId` varchar(36) NOT NULL, `coins` int NOT NULL, `amountPaise` int NOT NULL, `currency` varchar(3) NOT NULL, `gateway` varchar(10) NOT NULL, `status` varchar(10) NOT NULL, `paymentId` varchar(64) NULL, `createdAt` datetime(3) NOT NULL, `paidAt` datetime(3) NULL, UNIQUE INDEX `uq_coin_orders_gateway_order` (`gatewayOrderId`), UNIQUE INDEX `uq_coin_orders_payment` (`paymentId`), INDEX `idx_coin_orders_user` (`userId`, `createdAt`), PRIMARY KEY (`id`)) ENGINE=InnoDB");
    await q.query("CREATE TABLE `coin_webhook_events` (`id` varchar(100) NOT NULL, `event` varchar(60) NOT NULL, `outcome` varchar(20) NOT NULL, `receivedAt` datetime(3) NOT NULL, PRIMARY KEY (`id`)) ENGINE=InnoDB");
    await q.query("CREATE TABLE `coin_accounts` (`id` varchar(36) NOT NULL, `kind` varchar(12) NOT NULL, `balance` int NOT NULL DEFAULT '0', `entryCount` int NOT NULL DEFAULT '0', `mayGoNegative` tinyint NOT NULL DEFAULT 0, `createdAt` datetime(3) NOT NULL, PRIMARY KEY (`id`)) ENGINE=InnoDB");
    await q.query("CREATE TABLE `coin_transfers` (`id` varchar(36) NOT NULL, `key` varchar(191) NOT NULL, `kind` varchar(12) NOT NULL, `amount` int NOT NULL, `fromAccountId` varchar(36) NOT NULL, `toAccountId` varchar(36) NOT NULL, `beneficiaryId` varchar(36) NULL, `holdState` varchar(10) NULL, `memo` varchar(200) NULL, `createdAt` datetime(3) NOT NULL, UNIQUE INDEX `uq_coin_transfers_key` (`key`), PRIMARY KEY (`id`)) ENGINE=InnoDB");
    await q.query("CREATE TABLE `coin_entries` (`id` varchar(36) NOT NULL, `transferId` varchar(36) NOT NULL, `accountId` varchar(36) NOT NULL, `seq` int NOT NULL, `kind` varchar(12) NOT NULL, `amount` int NOT NULL, `balanceAfter` int NOT NULL, `counterpartId` varchar(36) NOT NULL, `memo` varchar(200) NULL, `createdAt` datetime(3) NOT NULL, INDEX `idx_coin_entries_transfer` (`transferId`), UNIQUE INDEX `uq_coin_entries_account_seq` (`accountId`, `seq`), PRIMARY KEY (`id`)) ENGINE=InnoDB");
    await q.query("CREATE TABLE `coin_rewards` (`id` varchar(36) NOT NULL, `userId` varchar(36) NOT NULL, `seq` int NOT NULL, `coins` int NOT NULL, `reason` varchar(200) NOT NULL, `transferId` varchar(36) NOT NULL, `seen` tinyint NOT NULL DEFAULT 0, `createdAt` datetime(3) NOT NULL, UNIQUE INDEX `uq_coin_rewards_transfer` (`transferId`), INDEX `idx_coin_rewards_user_seen` (`userId`, `seen`, `seq`), PRIMARY KEY (`id`)) ENGINE=InnoDB");
    await q.query("CREATE TABLE `implement_applicants` (`id` varchar(36) NOT NULL, `postId` varchar(36) NOT NULL, `userId` varchar(36) NOT NULL, `userName` varchar(60) NOT NULL, `description` varchar(1000) NOT NULL, `status` varchar(24) NOT NULL, `reason` varchar(300) NULL, `createdAt` datetime(3) NOT NULL, `updatedAt` datetime(3) NOT NULL, INDEX `idx_implement_applicants_user` (`userId`, `status`), UNIQUE INDEX `uq_implement_applicants_post_user` (`postId`, `userId`), PRIMARY KEY (`id`)) ENGINE=InnoDB");
    await q.query("CREATE TABLE `implement_posts` (`id` varchar(36) NOT NULL, `ownerId` varchar(36) NOT NULL, `title` varchar(120) NOT NULL, `description` varchar(2000) NOT NULL, `visible` tinyint NOT NULL, `createdAt` datetime(3) NOT NULL, `updatedAt` datetime(3) NOT NULL, INDEX `idx_implement_posts_owner` (`ownerId`, `createdAt`, `id`), INDEX `idx_implement_posts_list` (`visible`, `createdAt`, `id`), PRIMARY KEY (`id`)) ENGINE=InnoDB");
    await q.query("CREATE TABLE `notifications` (`id` varchar(36) NOT NULL, `recipientId` varchar(36) NOT NULL, `notifierId` varchar(36) NOT NULL, `type` varchar(30) NOT NULL, `message` varchar(500) NOT NULL, `preachSkill` varchar(100) NULL, `preachCategory` varchar(60) NULL, `learnSkill` varchar(100) NULL, `learnCategory` varchar(60) NULL, `skillCoins` int NULL, `refId` varchar(36) NULL, `createdAt` datetime(3) NOT NULL, INDEX `idx_notifications_ref` (`refId`), INDEX `idx_notifications_recipient` (`recipientId`, `createdAt`), PRIMARY KEY (`id`)) ENGINE=InnoDB");
    await q.query("CREATE TABLE `completed_skills` (`id` varchar(36) NOT NULL, `learnerId` varchar(36) NOT NULL, `mentorId` varchar(36) NOT NULL, `skill` varchar(60) NOT NULL, `category` varchar(40) NOT NULL, `completedAt` datetime(3) NOT NULL, INDEX `idx_completed_skills_learner` (`learnerId`, `completedAt`), PRIMARY KEY (`id`)) ENGINE=InnoDB");
    await q.query("CREATE TABLE `feed_snapshots` (`userId` varchar(36) NOT NULL, `takenAt` datetime(3) NOT NULL, PRIMARY KEY (`userId`)) ENGINE=InnoDB");
    await q.query("CREATE TABLE `user_languages` (`id` varchar(36) NOT NULL, `userId` varchar(36) NOT NULL, `position` int NOT NULL, `language` varchar(30) NOT NULL, `languageKey` varchar(30) NOT NULL, INDEX `idx_user_languages_search` (`languageKey`, `userId`), INDEX `idx_user_languages_owner` (`userId`), PRIMARY KEY (`id`)) ENGINE=InnoDB");
    await q.query("CREATE TABLE `user_skills` (`id` varchar(36) NOT NULL, `userId` varchar(36) NOT NULL, `kind` varchar(10) NOT NULL, `position` int NOT NULL, `category` varchar(40) NOT NULL, `skill` varchar(60) NOT NULL, `skillKey` varchar(60) NOT NULL, INDEX `idx_user_skills_search` (`kind`, `skillKey`, `userId`), INDEX `idx_user_skills_owner` (`userId`, `kind`, `skillKey`), PRIMARY KEY (`id`)) ENGINE=InnoDB");
    await q.query("CREATE TABLE `swap_requests` (`id` varchar(36) NOT NULL, `requesterId` varchar(36) NOT NULL, `receiverId` varchar(36) NOT NULL, `kind` varchar(8) NOT NULL, `status` varchar(20) NOT NULL, `openPair` varchar(80) NULL, `preachSkill` varchar(60) NULL, `preachCategory` varchar(40) NULL, `learnSkill` varchar(60) NOT NULL, `learnCategory` varchar(40) NOT NULL, `coins` int NULL, `rejectedById` varchar(36) NULL, `chatId` varchar(36) NULL, `escrowRef` varchar(80) NULL, `createdAt` datetime(3) NOT NULL, `decidedAt` datetime(3) NULL, `paidAt` datetime(3) NULL, UNIQUE INDEX `uq_swap_requests_open_pair` (`openPair`), INDEX `idx_swap_requests_requester` (`requesterId`, `status`), INDEX `idx_swap_requests_receiver` (`receiverId`, `status`), PRIMARY KEY (`id`)) ENGINE=InnoDB");
    await q.query("CREATE TABLE `snake_high_scores` (`userId` varchar(36) NOT NULL, `highScore` int NOT NULL, `updatedAt` datetime(3) NOT NULL, PRIMARY KEY (`userId`)) ENGINE=InnoDB");
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query("DROP TABLE `snake_high_scores`");
    await q.query("DROP INDEX `idx_swap_requests_receiver` ON `swap_requests`");
    await q.query("DROP INDEX `idx_swap_requests_requester` ON `swap_requests`");
    await q.query("DROP INDEX `uq_swap_requests_open_pair` ON `swap_requests`");
    await q.query("DROP TABLE `swap_requests`");
    await q.query("DROP INDEX `idx_user_skills_owner` ON `user_skills`");
    await q.query("DROP INDEX `idx_user_skills_search` ON `user_skills`");
    await q.query("DROP TABLE `user_skills`");
    await q.query("DROP INDEX `idx_user_languages_owner` ON `user_languages`");
    await q.query("DROP INDEX `idx_user_languages_search` ON `user_languages`");
    await q.query("DROP TABLE `user_languages`");
    await q.query("DROP TABLE `feed_snapshots`");
    await q.query("DROP INDEX `idx_completed_skills_learner` ON `completed_skills`");
    await q.query("DROP TABLE `completed_skills`");
    await q.query("DROP INDEX `idx_notifications_recipient` ON `notifications`");
    await q.query("DROP INDEX `idx_notifications_ref` ON `notifications`");
    await q.query("DROP TABLE `notifications`");
    await q.query("DROP INDEX `idx_implement_posts_list` ON `implement_posts`");
    await q.query("DROP INDEX `idx_implement_posts_owner` ON `implement_posts`");
    await q.query("DROP TABLE `implement_posts`");
    await q.query("DROP INDEX `uq_implement_applicants_post_user` ON `implement_applicants`");
    await q.query("DROP INDEX `idx_implement_applicants_user` ON `implement_applicants`");
    await q.query("DROP TABLE `implement_applicants`");
    await q.query("DROP INDEX `idx_coin_rewards_user_seen` ON `coin_rewards`");
    await q.query("DROP INDEX `uq_coin_rewards_transfer` ON `coin_rewards`");
    await q.query("DROP TABLE `coin_rewards`");
    await q.query("DROP INDEX `uq_coin_entries_account_seq` ON `coin_entries`");
    await q.query("DROP INDEX `idx_coin_entries_transfer` ON `coin_entries`");
    await q.query("DROP TABLE `coin_entries`");
    await q.query("DROP INDEX `uq_coin_transfers_key` ON `coin_transfers`");
    await q.query("DROP TABLE `coin_transfers`");
    await q.query("DROP TABLE `coin_accounts`");
    await q.query("DROP TABLE `coin_webhook_events`");
    await q.query("DROP INDEX `idx_coin_orders_user` ON `coin_orders`");
    await q.query("DROP INDEX `uq_coin_orders_payment` ON `coin_orders`");
    await q.query("DROP INDEX `uq_coin_orders_gateway_order` ON `coin_orders`");
    await q.query("DROP TABLE `coin_orders`");
    await q.query("DROP INDEX `uq_chat_messages_chat_seq` ON `chat_messages`");
    await q.query("DROP TABLE `chat_messages`");
    await q.query("DROP INDEX `uq_chat_reports_chat_reporter` ON `chat_reports`");
    await q.query("DROP INDEX `idx_chat_reports_created` ON `chat_reports`");
    await q.query("DROP INDEX `idx_chat_reports_reported` ON `chat_reports`");
    await q.query("DROP TABLE `chat_reports`");
    await q.query("DROP INDEX `uq_chats_pair` ON `chats`");
    await q.query("DROP INDEX `idx_chats_high` ON `chats`");
    await q.query("DROP TABLE `chats`");
    await q.query("DROP INDEX `uq_blocks_pair` ON `blocks`");
    await q.query("DROP INDEX `idx_blocks_blocked` ON `blocks`");
    await q.query("DROP TABLE `blocks`");
    await q.query("DROP INDEX `idx_users_leaderboard` ON `users`");
    await q.query("DROP INDEX `uq_users_email` ON `users`");
    await q.query("DROP INDEX `uq_users_name_key` ON `users`");
    await q.query("DROP TABLE `users`");
    await q.query("DROP INDEX `idx_password_resets_user` ON `password_resets`");
    await q.query("DROP INDEX `uq_password_resets_token_hash` ON `password_resets`");
    await q.query("DROP TABLE `password_resets`");
    await q.query("DROP INDEX `idx_contact_messages_created` ON `contact_messages`");
    await q.query("DROP TABLE `contact_messages`");
  }
}
