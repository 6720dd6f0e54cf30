/** The weekly report's hour as staff read it: "08:00" (on the site's clock). */
export const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;
