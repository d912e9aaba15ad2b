// The filter language (NQL): parse once, then compile to parameterised SQL or to an in-memory
// predicate with the same meaning.
export type * from './ast';
export { isInGroup, isText, textOf } from './ast';
export { NqlError, NqlFieldError, NqlLimitError, NqlSyntaxError, NqlValueError } from './errors';
export type { FieldDef, FieldLookup, FieldMap, FieldRelation, FieldType, PropertyMap } from './fields';
export { NQL_MAX_DEPTH, NQL_MAX_LENGTH, NQL_MAX_TERMS, NQL_MAX_VALUES, parseFilter } from './parse';
export { compileFilter, relationLinks, requiredRelations, type CompileOptions, type RelationLinks } from './to-sql';
export { toPredicate, type Accessor, type AccessorMap, type PredicateOptions } from './to-predicate';
export { inGroupOrder } from './order';
