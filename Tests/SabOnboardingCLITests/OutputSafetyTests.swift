import Foundation
import Testing

/// The output folder under rebuilds, concurrent builds, killed builds and bad surroundings.
@Suite(.serialized)
struct OutputSafetyTests {
    let builders = "Samples/builders/builders.appDef"
    let multilingual = "Samples/multilingual/multilingual.appDef"

    func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sab-out-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Path to (modification time, inode) of every file under a folder.
    func snapshot(_ folder: URL) -> [String: String] {
        var result: [String: String] = [:]
        guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else { return [:] }
        for case let path as String in enumerator {
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(path).path),
                attributes[.type] as? FileAttributeType == .typeRegular
            else { continue }
            result[path] = "\((attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0)/\(attributes[.systemFileNumber] ?? 0)"
        }
        return result
    }

    /// The sorted file list of a whole build, from its record (which also lists, ending with
    /// `/`, the folders the tool made).
    func listedFiles(_ folder: URL) -> [String]? {
        guard let record = try? String(contentsOf: folder.appendingPathComponent(".sab-onboarding"), encoding: .utf8) else { return nil }
        return record.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.hasSuffix("/") }.map(String.init)
    }

    /// Whether the folder holds every file its record lists, and nothing else but the record:
    /// the state a finished build leaves.
    func isWhole(_ folder: URL) -> Bool {
        guard let listed = listedFiles(folder) else { return false }
        let present = Set(snapshot(folder).keys).subtracting([".sab-onboarding"])
        return present == Set(listed)
    }

    @Test func aRebuildOfUnchangedInputWritesNothing() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out")
        #expect(try ToolRunner.run(["build", builders, "--out", out.path]).status == 0)
        // A file written again is a new file renamed into place: its inode tells, whatever the
        // file system's clock tick.
        let before = snapshot(out)
        let again = try ToolRunner.run(["build", builders, "--out", out.path])
        #expect(again.status == 0)
        #expect(again.standardOutput.contains("(unchanged: nothing written)"))
        #expect(snapshot(out) == before)
    }

    @Test func aChangedRebuildKeepsTheTimesOfUnchangedFiles() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let project = folder.appendingPathComponent("project")
        try FileManager.default.copyItem(at: ToolRunner.packageRoot.appendingPathComponent("Samples/builders"), to: project)
        let out = folder.appendingPathComponent("out").path
        let appDef = project.appendingPathComponent("builders.appDef")
        #expect(try ToolRunner.run(["build", appDef.path, "--out", out]).status == 0)
        let before = snapshot(URL(fileURLWithPath: out))
        let text = try String(contentsOf: appDef, encoding: .utf8).replacingOccurrences(of: "It did not fall", with: "It stood")
        try text.write(to: appDef, atomically: true, encoding: .utf8)
        #expect(try ToolRunner.run(["build", appDef.path, "--out", out]).status == 0)
        let after = snapshot(URL(fileURLWithPath: out))
        #expect(after["screens/3.html"] != before["screens/3.html"])
        #expect(after["screens/1.html"] == before["screens/1.html"])
        #expect(after["images/WiseAndFoolishBuilders-f36ef9cd7f.png"] == before["images/WiseAndFoolishBuilders-f36ef9cd7f.png"])
    }

    @Test func concurrentBuildsIntoOneFolderEndAsOneWholeBuild() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out")
        var processes: [Process] = []
        for index in 0..<8 {
            let process = Process()
            process.executableURL = ToolRunner.executable
            process.arguments = ["build", index.isMultiple(of: 2) ? builders : multilingual, "--out", out.path, "--quiet"]
            process.currentDirectoryURL = ToolRunner.packageRoot
            process.standardError = FileHandle.nullDevice
            try process.run()
            processes.append(process)
        }
        for process in processes { process.waitUntilExit() }
        #expect(processes.allSatisfy { $0.terminationStatus == 0 })
        #expect(isWhole(out))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0 != "out" }
        #expect(leftovers.isEmpty, "\(leftovers)")
    }

    /// A killed build leaves a site a visitor can use (the previous one, or the new one when it
    /// was killed after putting it in place), and the user's files as they were; the next build
    /// ends with exactly its own files.
    @Test func aBuildKilledAtAnyMomentLeavesTheOutputWhole() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out")
        #expect(try ToolRunner.run(["build", builders, "--out", out.path]).status == 0)
        try "mine".write(to: out.appendingPathComponent("notes.txt"), atomically: false, encoding: .utf8)
        let sources = [multilingual, builders]
        for attempt in 0..<24 {
            let process = Process()
            process.executableURL = ToolRunner.executable
            process.arguments = ["build", sources[attempt % 2], "--out", out.path, "--quiet"]
            process.currentDirectoryURL = ToolRunner.packageRoot
            process.standardError = FileHandle.nullDevice
            try process.run()
            // Spread the kills over the whole run of a build (a few tens of milliseconds).
            Thread.sleep(forTimeInterval: Double(attempt % 12) * 0.004)
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            #expect(SiteCheck.missingReferences(in: out) == [], "attempt \(attempt)")
            #expect(try String(contentsOf: out.appendingPathComponent("notes.txt"), encoding: .utf8) == "mine", "attempt \(attempt)")
        }
        // The next build clears what killed builds left in the output, and nothing is beside it.
        try FileManager.default.removeItem(at: out.appendingPathComponent("notes.txt"))
        #expect(try ToolRunner.run(["build", builders, "--out", out.path]).status == 0)
        #expect(isWhole(out))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["out"])
    }

    /// The build never lists the output: a folder in it that cannot be read is left as it is.
    @Test func aFolderInTheOutputThatCannotBeListedIsLeftAlone() throws {
        // Root lists any folder, so the build runs as nobody when the tests run as root.
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(
            at: ToolRunner.packageRoot.appendingPathComponent("Samples/builders"), to: folder.appendingPathComponent("project"))
        let appDef = folder.appendingPathComponent("project/builders.appDef").path
        let out = folder.appendingPathComponent("out").path
        #expect(try ToolRunner.run(["build", appDef, "--out", out]).status == 0)
        let hidden = folder.appendingPathComponent("out/private")
        try FileManager.default.createDirectory(at: hidden, withIntermediateDirectories: false)
        try "mine".write(to: hidden.appendingPathComponent("notes.txt"), atomically: false, encoding: .utf8)
        // A changed appDef, so that the build writes rather than stopping after lint.
        let text = try String(contentsOfFile: appDef, encoding: .utf8)
        try text.replacingOccurrences(of: ">Onboarding Title<", with: ">Onboarding title<").write(toFile: appDef, atomically: false, encoding: .utf8)
        let asNobody = getuid() == 0 ? "setpriv --reuid 65534 --regid 65534 --clear-groups " : ""
        let quoted = { (path: String) in "'" + path + "'" }
        #expect(try ToolRunner.shell("chmod -R a+rwX \(quoted(folder.path)) && chmod 300 \(quoted(hidden.path))") == 0)
        let log = folder.appendingPathComponent("log").path
        let status = try ToolRunner.shell(
            "HOME=/nonexistent \(asNobody)\(quoted(ToolRunner.executable.path)) build \(quoted(appDef)) --out \(quoted(out)) 2> \(quoted(log))")
        let message = try String(contentsOfFile: log, encoding: .utf8)
        #expect(status == 0, "\(message)")
        #expect(try String(contentsOfFile: out + "/index.html", encoding: .utf8).contains("Onboarding title"))
        #expect(try ToolRunner.shell("chmod 700 \(quoted(hidden.path))") == 0)
        #expect(try String(contentsOf: hidden.appendingPathComponent("notes.txt"), encoding: .utf8) == "mine")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["log", "out", "project"])
    }

    @Test func forceWritesIntoAForeignFolderAndKeepsItsFiles() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let site = folder.appendingPathComponent("site")
        try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
        try "mine".write(to: site.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        let refused = try ToolRunner.run(["build", builders, "--out", site.path])
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("give --force"))
        #expect(try ToolRunner.run(["build", builders, "--out", site.path, "--force"]).status == 0)
        #expect(try String(contentsOf: site.appendingPathComponent("notes.txt"), encoding: .utf8) == "mine")
        #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent("index.html").path))
        // From then on the folder is the tool's: no --force needed, and notes.txt still kept.
        #expect(try ToolRunner.run(["build", multilingual, "--out", site.path]).status == 0)
        #expect(try String(contentsOf: site.appendingPathComponent("notes.txt"), encoding: .utf8) == "mine")
    }

    /// A foreign folder is refused by looking at its first entry, not by walking it: a folder
    /// deep in it that cannot be read does not change the answer (a walk would stop there).
    @Test func aForeignFolderIsRefusedWithoutWalkingIt() throws {
        // Root reads any folder, so the build runs as nobody when the tests run as root.
        let folder = try temporaryFolder()
        defer {
            _ = try? ToolRunner.shell("chmod -R u+rwX '\(folder.path)'")
            try? FileManager.default.removeItem(at: folder)
        }
        try FileManager.default.copyItem(
            at: ToolRunner.packageRoot.appendingPathComponent("Samples/builders"), to: folder.appendingPathComponent("project"))
        let locked = folder.appendingPathComponent("site/a/b/locked")
        try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: true)
        try "mine".write(to: locked.appendingPathComponent("notes.txt"), atomically: false, encoding: .utf8)
        let quoted = { (path: String) in "'" + path + "'" }
        #expect(try ToolRunner.shell("chmod -R a+rwX \(quoted(folder.path)) && chmod 000 \(quoted(locked.path))") == 0)
        let asNobody = getuid() == 0 ? "setpriv --reuid 65534 --regid 65534 --clear-groups " : ""
        let log = folder.appendingPathComponent("log").path
        let site = folder.appendingPathComponent("site").path
        let appDef = folder.appendingPathComponent("project/builders.appDef").path
        let status = try ToolRunner.shell(
            "HOME=/nonexistent \(asNobody)\(quoted(ToolRunner.executable.path)) build \(quoted(appDef)) --out \(quoted(site)) 2> \(quoted(log))")
        #expect(status == 1)
        let message = try String(contentsOfFile: log, encoding: .utf8)
        #expect(message.contains("the output folder '\(site)' is not empty and was not written by sab-onboarding"), "\(message)")
    }

    @Test func theRootFolderIsRefusedAsAForeignFolder() throws {
        let result = try ToolRunner.run(["build", builders, "--out", "/"])
        #expect(result.status == 1)
        #expect(result.standardError.contains("the output folder '/' is not empty and was not written by sab-onboarding"), "\(result.standardError)")
    }

    /// A mount point cannot be renamed or replaced: the build writes into it, and it stays mounted.
    @Test(.enabled(if: getuid() == 0, "mounting a tmpfs needs root"))
    func aMountPointAsTheOutputIsWrittenIntoAndStaysMounted() throws {
        let folder = try temporaryFolder()
        let out = folder.appendingPathComponent("out")
        defer {
            _ = try? ToolRunner.shell("umount '\(out.path)' 2>/dev/null")
            try? FileManager.default.removeItem(at: folder)
        }
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        guard try ToolRunner.shell("mount -t tmpfs -o size=4m tmpfs '\(out.path)'") == 0 else {
            Issue.record("mount failed although running as root")
            return
        }
        for appDef in [builders, multilingual] {
            let result = try ToolRunner.run(["build", appDef, "--out", out.path])
            #expect(result.status == 0, "\(result.standardError)")
            #expect(try ToolRunner.shell("mountpoint -q '\(out.path)'") == 0, "still a mount point")
            #expect(isWhole(out))
        }
    }

    @Test func anOutputPathThatIsAFileIsAClearError() throws {
        let result = try ToolRunner.run(["build", builders, "--out", "Package.swift"])
        #expect(result.status == 1)
        #expect(result.standardError.contains("error: the output 'Package.swift' is a file, not a folder"))
    }

    /// A full disk and a read-only disk, as small tmpfs mounts (root only: CI runs as root).
    @Test(.enabled(if: getuid() == 0, "mounting a small tmpfs needs root"))
    func aFullOrReadOnlyDiskIsAClearErrorAndLeavesNothingHalfWritten() throws {
        let folder = try temporaryFolder()
        defer {
            _ = try? ToolRunner.shell("umount \(folder.path)/full \(folder.path)/readonly 2>/dev/null")
            try? FileManager.default.removeItem(at: folder)
        }
        for name in ["full", "readonly"] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent(name), withIntermediateDirectories: true)
        }
        guard try ToolRunner.shell("mount -t tmpfs -o size=48k tmpfs \(folder.path)/full && mount -t tmpfs -o ro,size=48k tmpfs \(folder.path)/readonly") == 0
        else {
            Issue.record("mount failed although running as root")
            return
        }
        let full = try ToolRunner.run(["build", builders, "--out", folder.path + "/full/out"])
        #expect(full.status == 1)
        #expect(full.standardError.contains("No space left on device"), "\(full.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path + "/full").isEmpty, "nothing half-written")

        let readOnly = try ToolRunner.run(["build", builders, "--out", folder.path + "/readonly/out"])
        #expect(readOnly.status == 1)
        #expect(readOnly.standardError.contains("Read-only file system"), "\(readOnly.standardError)")
    }
}
