// The library's public API is that of the targets below it, as one module: `import
// OnboardingKit` gives the model, the linter and the generator alike.
@_exported import AppDefModel
@_exported import Generation
@_exported import Linting
