import AppDefModel

extension CarouselText {
    /// Everything the carousel of `project` can show in its web fonts.
    init(_ project: OnboardingProject) {
        self.init(screens: project.screens, buttons: project.buttons, defaultLanguage: project.defaultLanguage, appName: project.appName)
    }
}
