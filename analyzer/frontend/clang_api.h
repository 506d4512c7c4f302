/*
 * clang_api.h - libclang, loaded when first needed.
 *
 * fscheck is not linked with libclang: loading it (libclang and LLVM, their
 * relocations and static constructors) takes about as long as reading a
 * small compilation database, and a run of the tree-sitter engine, `merge`
 * or `--help` has no use for it.  fs_clang_load() loads it once (any thread
 * may call it; the others wait), and fs_clang_preload() starts that on a
 * thread of its own, so that it goes on while the run reads its inputs and
 * builds the project index.
 *
 * Every libclang function fscheck calls is in FS_CLANG_FUNCS; including this
 * header (after clang-c's) turns a call of one into a call through the
 * table, with the type of its declaration.  A function missing from the list
 * is a link error.
 */
#ifndef FSCHECK_CLANG_API_H
#define FSCHECK_CLANG_API_H

#include <clang-c/CXCompilationDatabase.h>
#include <clang-c/Index.h>

#define FS_CLANG_FUNCS(X) \
    X(clang_CompilationDatabase_dispose) \
    X(clang_CompilationDatabase_fromDirectory) \
    X(clang_CompilationDatabase_getAllCompileCommands) \
    X(clang_CompileCommand_getArg) \
    X(clang_CompileCommand_getDirectory) \
    X(clang_CompileCommand_getFilename) \
    X(clang_CompileCommand_getNumArgs) \
    X(clang_CompileCommands_dispose) \
    X(clang_CompileCommands_getCommand) \
    X(clang_CompileCommands_getSize) \
    X(clang_Cursor_Evaluate) \
    X(clang_Cursor_getArgument) \
    X(clang_Cursor_getNumArguments) \
    X(clang_Cursor_getStorageClass) \
    X(clang_Cursor_getVarDeclInitializer) \
    X(clang_Cursor_isMacroFunctionLike) \
    X(clang_Cursor_isNull) \
    X(clang_EvalResult_dispose) \
    X(clang_EvalResult_getAsLongLong) \
    X(clang_EvalResult_getKind) \
    X(clang_File_isEqual) \
    X(clang_Location_isInSystemHeader) \
    X(clang_createIndex) \
    X(clang_disposeDiagnostic) \
    X(clang_disposeIndex) \
    X(clang_disposeSourceRangeList) \
    X(clang_disposeString) \
    X(clang_disposeTokens) \
    X(clang_disposeTranslationUnit) \
    X(clang_equalCursors) \
    X(clang_formatDiagnostic) \
    X(clang_getArgType) \
    X(clang_getArrayElementType) \
    X(clang_getCString) \
    X(clang_getDiagnosticSpelling) \
    X(clang_getSpellingLocation) \
    X(clang_getCanonicalCursor) \
    X(clang_getCanonicalType) \
    X(clang_getCursorDefinition) \
    X(clang_getCursorExtent) \
    X(clang_getCursorKind) \
    X(clang_getCursorLocation) \
    X(clang_getCursorReferenced) \
    X(clang_getCursorSemanticParent) \
    X(clang_getCursorSpelling) \
    X(clang_getCursorType) \
    X(clang_getDiagnostic) \
    X(clang_getDiagnosticLocation) \
    X(clang_getDiagnosticSeverity) \
    X(clang_getEnumConstantDeclValue) \
    X(clang_getExpansionLocation) \
    X(clang_getFile) \
    X(clang_getFileContents) \
    X(clang_getFileLocation) \
    X(clang_getFileName) \
    X(clang_getLocationForOffset) \
    X(clang_getNumArgTypes) \
    X(clang_getNumDiagnostics) \
    X(clang_getPointeeType) \
    X(clang_getRange) \
    X(clang_getRangeEnd) \
    X(clang_getRangeStart) \
    X(clang_getSkippedRanges) \
    X(clang_getToken) \
    X(clang_getTokenExtent) \
    X(clang_getTokenKind) \
    X(clang_getTokenLocation) \
    X(clang_getTokenSpelling) \
    X(clang_getTranslationUnitCursor) \
    X(clang_getTypeSpelling) \
    X(clang_isConstQualifiedType) \
    X(clang_isCursorDefinition) \
    X(clang_isFunctionTypeVariadic) \
    X(clang_isInvalid) \
    X(clang_parseTranslationUnit2) \
    X(clang_tokenize) \
    X(clang_visitChildren)

typedef struct fs_clang_api {
#define FS_CLANG_MEMBER(f) __typeof__(&f) f;
    FS_CLANG_FUNCS(FS_CLANG_MEMBER)
#undef FS_CLANG_MEMBER
} fs_clang_api;

extern fs_clang_api fs_clang;

/* Loads libclang, once; 0, or -1 with a message in *why (not to be freed)
 * when it cannot be loaded.  Safe from any thread. */
int fs_clang_load(const char **why);
/* Starts fs_clang_load on a thread, when none has started it yet. */
void fs_clang_preload(void);

#ifndef FS_CLANG_API_TABLE /* clang_api.c fills the table by these names */
#define clang_CompilationDatabase_dispose (fs_clang.clang_CompilationDatabase_dispose)
#define clang_CompilationDatabase_fromDirectory (fs_clang.clang_CompilationDatabase_fromDirectory)
#define clang_CompilationDatabase_getAllCompileCommands (fs_clang.clang_CompilationDatabase_getAllCompileCommands)
#define clang_CompileCommand_getArg (fs_clang.clang_CompileCommand_getArg)
#define clang_CompileCommand_getDirectory (fs_clang.clang_CompileCommand_getDirectory)
#define clang_CompileCommand_getFilename (fs_clang.clang_CompileCommand_getFilename)
#define clang_CompileCommand_getNumArgs (fs_clang.clang_CompileCommand_getNumArgs)
#define clang_CompileCommands_dispose (fs_clang.clang_CompileCommands_dispose)
#define clang_CompileCommands_getCommand (fs_clang.clang_CompileCommands_getCommand)
#define clang_CompileCommands_getSize (fs_clang.clang_CompileCommands_getSize)
#define clang_Cursor_Evaluate (fs_clang.clang_Cursor_Evaluate)
#define clang_Cursor_getArgument (fs_clang.clang_Cursor_getArgument)
#define clang_Cursor_getNumArguments (fs_clang.clang_Cursor_getNumArguments)
#define clang_Cursor_getStorageClass (fs_clang.clang_Cursor_getStorageClass)
#define clang_Cursor_getVarDeclInitializer (fs_clang.clang_Cursor_getVarDeclInitializer)
#define clang_Cursor_isMacroFunctionLike (fs_clang.clang_Cursor_isMacroFunctionLike)
#define clang_Cursor_isNull (fs_clang.clang_Cursor_isNull)
#define clang_EvalResult_dispose (fs_clang.clang_EvalResult_dispose)
#define clang_EvalResult_getAsLongLong (fs_clang.clang_EvalResult_getAsLongLong)
#define clang_EvalResult_getKind (fs_clang.clang_EvalResult_getKind)
#define clang_File_isEqual (fs_clang.clang_File_isEqual)
#define clang_Location_isInSystemHeader (fs_clang.clang_Location_isInSystemHeader)
#define clang_createIndex (fs_clang.clang_createIndex)
#define clang_disposeDiagnostic (fs_clang.clang_disposeDiagnostic)
#define clang_disposeIndex (fs_clang.clang_disposeIndex)
#define clang_disposeSourceRangeList (fs_clang.clang_disposeSourceRangeList)
#define clang_disposeString (fs_clang.clang_disposeString)
#define clang_disposeTokens (fs_clang.clang_disposeTokens)
#define clang_disposeTranslationUnit (fs_clang.clang_disposeTranslationUnit)
#define clang_equalCursors (fs_clang.clang_equalCursors)
#define clang_formatDiagnostic (fs_clang.clang_formatDiagnostic)
#define clang_getArgType (fs_clang.clang_getArgType)
#define clang_getArrayElementType (fs_clang.clang_getArrayElementType)
#define clang_getCString (fs_clang.clang_getCString)
#define clang_getDiagnosticSpelling (fs_clang.clang_getDiagnosticSpelling)
#define clang_getSpellingLocation (fs_clang.clang_getSpellingLocation)
#define clang_getCanonicalCursor (fs_clang.clang_getCanonicalCursor)
#define clang_getCanonicalType (fs_clang.clang_getCanonicalType)
#define clang_getCursorDefinition (fs_clang.clang_getCursorDefinition)
#define clang_getCursorExtent (fs_clang.clang_getCursorExtent)
#define clang_getCursorKind (fs_clang.clang_getCursorKind)
#define clang_getCursorLocation (fs_clang.clang_getCursorLocation)
#define clang_getCursorReferenced (fs_clang.clang_getCursorReferenced)
#define clang_getCursorSemanticParent (fs_clang.clang_getCursorSemanticParent)
#define clang_getCursorSpelling (fs_clang.clang_getCursorSpelling)
#define clang_getCursorType (fs_clang.clang_getCursorType)
#define clang_getDiagnostic (fs_clang.clang_getDiagnostic)
#define clang_getDiagnosticLocation (fs_clang.clang_getDiagnosticLocation)
#define clang_getDiagnosticSeverity (fs_clang.clang_getDiagnosticSeverity)
#define clang_getEnumConstantDeclValue (fs_clang.clang_getEnumConstantDeclValue)
#define clang_getExpansionLocation (fs_clang.clang_getExpansionLocation)
#define clang_getFile (fs_clang.clang_getFile)
#define clang_getFileContents (fs_clang.clang_getFileContents)
#define clang_getFileLocation (fs_clang.clang_getFileLocation)
#define clang_getFileName (fs_clang.clang_getFileName)
#define clang_getLocationForOffset (fs_clang.clang_getLocationForOffset)
#define clang_getNumArgTypes (fs_clang.clang_getNumArgTypes)
#define clang_getNumDiagnostics (fs_clang.clang_getNumDiagnostics)
#define clang_getPointeeType (fs_clang.clang_getPointeeType)
#define clang_getRange (fs_clang.clang_getRange)
#define clang_getRangeEnd (fs_clang.clang_getRangeEnd)
#define clang_getRangeStart (fs_clang.clang_getRangeStart)
#define clang_getSkippedRanges (fs_clang.clang_getSkippedRanges)
#define clang_getToken (fs_clang.clang_getToken)
#define clang_getTokenExtent (fs_clang.clang_getTokenExtent)
#define clang_getTokenKind (fs_clang.clang_getTokenKind)
#define clang_getTokenLocation (fs_clang.clang_getTokenLocation)
#define clang_getTokenSpelling (fs_clang.clang_getTokenSpelling)
#define clang_getTranslationUnitCursor (fs_clang.clang_getTranslationUnitCursor)
#define clang_getTypeSpelling (fs_clang.clang_getTypeSpelling)
#define clang_isConstQualifiedType (fs_clang.clang_isConstQualifiedType)
#define clang_isCursorDefinition (fs_clang.clang_isCursorDefinition)
#define clang_isFunctionTypeVariadic (fs_clang.clang_isFunctionTypeVariadic)
#define clang_isInvalid (fs_clang.clang_isInvalid)
#define clang_parseTranslationUnit2 (fs_clang.clang_parseTranslationUnit2)
#define clang_tokenize (fs_clang.clang_tokenize)
#define clang_visitChildren (fs_clang.clang_visitChildren)
#endif

#endif
