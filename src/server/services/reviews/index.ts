/** Reviews: writing one (submit), reading a venue's (read), answers and moderation, the morning-after request. */
export * from './shared';
export * from './submit';
export * from './read';
export * from './moderation';
export * from './reminders';
