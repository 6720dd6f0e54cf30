/** The site plan's coordinate space: lot outlines (inventory data) are drawn in 1000×720. */
export const MAP_WIDTH = 1000;
export const MAP_HEIGHT = 720;
