/** The practice's name as it appears in every email and in the default sender. */
export const PRACTICE_NAME = "Executive Coaching";
