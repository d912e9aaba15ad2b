/** The error types of the API and the HTTP status each one carries. */
export const errorStatus = {
  BadRequestError: 400,
  UnauthorizedError: 401,
  NoPermissionError: 403,
  NotFoundError: 404,
  MethodNotAllowedError: 405,
  RequestNotAcceptableError: 406,
  UpdateCollisionError: 409,
  RequestEntityTooLargeError: 413,
  UnsupportedMediaTypeError: 415,
  ValidationError: 422,
  ThemeValidationError: 422,
  TooManyRequestsError: 429,
  InternalServerError: 500,
  NotImplementedError: 501,
  ServiceUnavailableError: 503,
} as const;

export type ErrorType = keyof typeof errorStatus;

export interface ApiErrorOptions {
  context?: string | null;
  property?: string | null;
  details?: unknown;
  help?: string | null;
  code?: string | null;
  headers?: Record<string, string>;
}

/** One error class for the whole service; `toErrorResponse` turns it into the envelope. */
export class ApiError extends Error {
  readonly type: ErrorType;
  readonly status: number;
  readonly context: string | null;
  readonly property: string | null;
  readonly details: unknown;
  readonly help: string | null;
  readonly code: string | null;
  readonly headers: Record<string, string>;

  constructor(type: ErrorType, message: string, options: ApiErrorOptions = {}) {
    super(message);
    this.name = type;
    this.type = type;
    this.status = errorStatus[type];
    this.context = options.context ?? null;
    this.property = options.property ?? null;
    this.details = options.details ?? null;
    this.help = options.help ?? null;
    this.code = options.code ?? null;
    this.headers = options.headers ?? {};
  }
}

export const badRequest = (message: string, options?: ApiErrorOptions) => new ApiError('BadRequestError', message, options);
export const unauthorized = (message: string, options?: ApiErrorOptions) => new ApiError('UnauthorizedError', message, options);
export const noPermission = (message = 'You do not have permission to perform this request.', options?: ApiErrorOptions) =>
  new ApiError('NoPermissionError', message, options);
export const notFound = (message: string, options?: ApiErrorOptions) => new ApiError('NotFoundError', message, options);
export const validation = (message: string, options?: ApiErrorOptions) => new ApiError('ValidationError', message, options);

export interface ErrorBody {
  message: string;
  context: string | null;
  type: ErrorType;
  errorType: ErrorType;
  details: unknown;
  property: string | null;
  help: string | null;
  code: string | null;
  id: string;
}

export function errorBody(error: ApiError): { errors: ErrorBody[] } {
  return {
    errors: [
      {
        message: error.message,
        context: error.context,
        type: error.type,
        errorType: error.type,
        details: error.details,
        property: error.property,
        help: error.help,
        code: error.code,
        id: crypto.randomUUID(),
      },
    ],
  };
}

/** Anything thrown that is not an ApiError is a defect: it becomes a 500 that says nothing about internals. */
export function asApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  return new ApiError('InternalServerError', 'An unexpected error occurred.');
}
