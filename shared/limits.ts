/** Product constants (docs/product/constants.md) and limits shared by client and server. */
export const ACCESS_TOKEN_LIFETIME_SECONDS = 120;
export const SESSION_CHECK_INTERVAL_MS = 60_000;
export const ALERT_DISPLAY_MS = 3_500;
export const IMAGE_QUALITY_DEFAULT = 75;
export const IMAGE_DEVICE_SIZES = [640, 750, 828, 1080, 1200, 1920, 2048, 3840] as const;
export const IMAGE_SIZES = [16, 32, 48, 64, 96, 128, 256, 384] as const;
export const IMAGE_WIDTHS: readonly number[] = [...IMAGE_SIZES, ...IMAGE_DEVICE_SIZES];
/** The only image quality served (as Next.js's `images.qualities` default): each picture has a bounded set of variants. */
export const IMAGE_QUALITIES: readonly number[] = [IMAGE_QUALITY_DEFAULT];

/** Operations in one batched POST /graphql (decision 0003); the web app batches its queries up to it (decision 0053). */
export const GRAPHQL_MAX_BATCH = 10;
/**
 * The variables of one operation (decision 0057), checked before anything walks them: nesting
 * (objects and lists inside the variables object; the deepest input of the schema is far less) and
 * values counted over the whole tree (a 1 MiB body holds at most about 500,000).
 */
export const GRAPHQL_MAX_VARIABLES_DEPTH = 32;
export const GRAPHQL_MAX_VARIABLE_VALUES = 100_000;

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 256;

export const MASS_CREATE_MAX_ROWS = 50_000;
export const MASS_CREATE_PROGRESS_EVERY = 250;
export const CSV_UPLOAD_MAX_BYTES = 20 * 1024 * 1024;
export const PROFILE_PICTURE_MAX_BYTES = 5 * 1024 * 1024;

export const FULL_NAME_MAX = 120;
export const TEXT_FIELD_MAX = 200;
export const BIO_MAX = 2_000;
