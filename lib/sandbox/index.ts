// The sandbox: everything that runs candidate or evaluator code goes through these.
export * from '../contracts/sandboxTypes';
export { runSandbox, runSandboxRaw, sandboxError, type RawRun } from './run';
export { runProgram, normaliseLanguage, languageOfFile, type ProgramLanguage } from './program';
export { compileProgram, capMessage, COMPILERS, COMPILE_LIMITS, cppCacheDir, type CompileResult, type CompiledLanguage } from './cpp';
export { sandboxAvailable } from './supervisor';
