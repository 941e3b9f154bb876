/** Statuses: 1 active, 5 kept but stats disabled; 0 disabled (hidden everywhere). */
export const STATUS = { disabled: 0, active: 1, statsDisabled: 5 } as const;
/** SQL fragment, on either store: a video is listed when its status is one of these (and it is published). */
export const VISIBLE_STATUS_SQL = `status_id IN (${STATUS.active}, ${STATUS.statsDisabled})`;
