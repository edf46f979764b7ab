/**
 * The error shape of the site: a status code (default 500),
 * a status message and a message.
 */
export type AppError = { statusCode: number; statusMessage: string; message: string };

export const defaultStatusMessages: Record<number, string> = {
  404: 'Page Not Found',
  500: 'Internal Server Error',
};

export class HttpError extends Error {
  override name = 'HttpError';
  readonly statusCode: number;
  readonly statusMessage: string;

  constructor({ statusCode = 500, statusMessage, message }: Partial<AppError> = {}) {
    const status =
      statusMessage ?? defaultStatusMessages[statusCode] ?? defaultStatusMessages[500]!;
    super(message ?? status);
    this.statusCode = statusCode;
    this.statusMessage = status;
  }
}

function isStatus(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 400 && value <= 599;
}

/** Whatever was thrown, as an AppError with the defaults filled in. */
export function toAppError(error: unknown): AppError {
  const source = (typeof error === 'object' && error !== null ? error : {}) as Partial<
    Record<keyof AppError, unknown>
  >;
  const statusCode = isStatus(source.statusCode) ? source.statusCode : 500;
  const statusMessage =
    typeof source.statusMessage === 'string' && source.statusMessage
      ? source.statusMessage
      : (defaultStatusMessages[statusCode] ?? defaultStatusMessages[500]!);
  const message =
    typeof source.message === 'string' && source.message ? source.message : statusMessage;
  return { statusCode, statusMessage, message };
}

/**
 * The message of whatever was thrown: an Error's own, a string as it is, and
 * anything else as text. For logs and for errors that wrap another one.
 */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  try {
    return JSON.stringify(error) ?? String(error);
  } catch {
    return String(error);
  }
}
