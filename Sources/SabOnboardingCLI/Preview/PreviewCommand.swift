import ArgumentParser
import OnboardingKit
import PreviewServer

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `sab-onboarding preview`: renders the carousel in memory, serves it on 127.0.0.1, rebuilds it
/// when its inputs change and reloads the browser.
struct PreviewCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Serve an appDef's carousel on this machine, rebuilt and reloaded in the browser on every change.",
        discussion: """
            Renders as build does, but serves the output from memory; nothing is written. Listens on \
            127.0.0.1 only, never on other interfaces, and prints one line to standard output once it \
            listens: 'Serving http://127.0.0.1:PORT/ (Ctrl-C to stop)'. Build problems go to standard \
            error after each build, with a summary line.

            It answers only requests addressed to it as 127.0.0.1:PORT, localhost:PORT or [::1]:PORT \
            (the Host header, and a full URL as the target); any other name gets 421, so that a web \
            page elsewhere cannot point a name of its own at this machine and read the preview. A \
            connection that sends nothing is closed after 2 s, a request must arrive whole within 5 s, \
            and past 256 open connections the oldest one still waiting for its request is closed: idle \
            connections cannot keep a browser out.

            The output is served under /onboarding/ (the carousel is /onboarding/). / is a page standing \
            in for the app's first page, which Skip and Start lead to with the default --start-url ../ \
            (a relative --start-url leading elsewhere on the server gets the same page there). Like the \
            app's first page, it runs onboarding-gate.js: a first-time visitor is sent on to the carousel, \
            and one who has finished it sees 'The app would open here' and a link to replay it \
            (/onboarding/?replay).

            /review/ is the page 'sab-onboarding review' writes: every screen in every theme and \
            language, beside what lint found in it. It is rebuilt and reloaded with the rest, and shows \
            a build's errors beside their screens.

            Every ~300 ms it checks the modification times of the appDef, the images folder, the \
            --templates folder and the fonts folder beside the appDef, and rebuilds when any changed. \
            Open pages reload by themselves after a rebuild (they load /__preview/reload.js, which polls \
            /__preview/version; their Content-Security-Policy is widened with connect-src 'self' for it, \
            in the preview only). While the latest build has errors, every page shows them instead of the \
            carousel.

            Ctrl-C (SIGINT) or SIGTERM stops the server; the exit status is then 0. It is 1 when the \
            appDef cannot be read at the start or the port cannot be listened on.
            """
    )

    @Argument(help: "The appDef file.", completion: .file())
    var appDef: String

    // Read unconditionally, so that `--port -1` is called out of range by validate() instead of
    // being read as an option and reported as a missing value.
    @Option(parsing: .unconditional, help: "The port to listen on, on 127.0.0.1 (0: any free port).")
    var port = 8000

    @OptionGroup var inputs: InputOptions

    func validate() throws {
        try OptionChecks.refuseRepeated(["port"])
        guard (0...Int(UInt16.max)).contains(port) else {
            throw ValidationError(
                "The value '\(port)' is out of range for '--port <port>': give a port from 1 to 65535, or 0 for any free port")
        }
    }

    /// `port` as the server takes it; validate() has kept it within range.
    private var listeningPort: UInt16 { UInt16(clamping: port) }

    /// How often the inputs are checked for changes.
    static let pollInterval = Duration.milliseconds(300)

    func run() async throws {
        // First, so that a Ctrl-C at any moment from now on stops the preview cleanly.
        let stopSignals = StopSignals()
        // A reader of standard error that went away must not end a server.
        signal(SIGPIPE, SIG_IGN)

        let options = try inputs.buildOptions()
        let builder = PreviewBuilder(appDefPath: appDef, options: options)
        let reporter = PreviewReporter(colored: Terminal.standardErrorWantsColor)
        let site = PreviewSite()
        let watcher = makeWatcher(options)
        let inputs = watcher.stamps()

        let first = builder.build()
        reporter.report(first, version: site.publish(first))
        // A wrong path is a mistake to say at once; a file missing later is a save in progress.
        if first.appDefUnreadable {
            Terminal.writeToStandardError("sab-onboarding: error: nothing to preview\n")
            throw ExitCode.failure
        }

        let server: HTTPServer
        do {
            server = try HTTPServer(port: listeningPort) { port in
                let routes = PreviewRoutes(startURL: options.startURL, port: port)
                return { request in routes.reply(method: request.method, target: request.path, query: request.query, site: site.snapshot) }
            }
        } catch {
            Terminal.writeToStandardError("sab-onboarding: error: cannot serve on \(HTTPServer.host):\(port): \(error)\n")
            throw ExitCode.failure
        }
        let address = "http://\(HTTPServer.host):\(server.port)/"
        Terminal.writeToStandardOutput("Serving \(address) (Ctrl-C to stop)\n")

        let watching = Task {
            await watcher.watch(every: Self.pollInterval, since: inputs) {
                let build = builder.build()
                reporter.report(build, version: site.publish(build))
            }
        }

        let signal = await stopSignals.next()
        watching.cancel()
        await server.stop()
        let newline = isatty(STDERR_FILENO) == 1 ? "\n" : ""  // after the terminal's "^C"
        Terminal.writeToStandardError("\(newline)sab-onboarding: preview stopped (\(StopSignals.name(of: signal))); it was serving \(address)\n")
    }

    /// What a rebuild depends on: the build's inputs, as the build itself finds them.
    private func makeWatcher(_ options: BuildOptions) -> FileWatcher {
        let inputs = BuildInputs(appDefPath: appDef, options: options)
        return FileWatcher(files: inputs.files, folders: inputs.folders)
    }
}
