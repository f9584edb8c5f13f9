import Foundation
import PackagePlugin

/// Builds Tandem's data at build time, never at launch: the GtkBuilder files of `data/ui` into
/// their GResource bundle, the GSettings schema compiled, `po/` into translations and the icons,
/// laid out as `meson install` lays them out under PREFIX/share. The target gets one generated
/// Swift file naming that folder (`BuildTreeData.folder`), so Tandem run from its build tree finds
/// them with no child process and no cache to fill.
@main
struct BuildData: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let root = context.package.directoryURL
        let data = root.appending(path: "data"), po = root.appending(path: "po")
        let output = context.pluginWorkDirectoryURL
        let source = output.appending(path: "BuildTreeData.swift")
        // Every file the step reads: a change to any runs it again (llbuild compares them).
        let inputs = [data.appending(path: "ui"), data.appending(path: "icons"), po].flatMap(Self.files(under:))
            + [data.appending(path: "io.github.tandemedit.Tandem.gschema.xml")]
        return [.buildCommand(displayName: "Building Tandem's interface bundle, settings schema and translations",
                              executable: URL(fileURLWithPath: "/bin/sh"),
                              arguments: ["-c", Self.script, "build-data", output.path, data.path, po.path, source.path],
                              inputFiles: inputs, outputFiles: [source])]
    }

    /// The files under `folder`, however deep.
    private static func files(under folder: URL) -> [URL] {
        guard let walk = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey]) else { return [] }
        return walk.compactMap { $0 as? URL }.filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true }
    }

    /// The step itself: built into a new folder, then swapped in whole, so a failed step never
    /// leaves half a folder behind.
    private static let script = #"""
        set -eu
        output=$1 data=$2 po=$3 source=$4
        for tool in glib-compile-resources glib-compile-schemas msgfmt; do
          command -v "$tool" >/dev/null || { echo "error: $tool is missing: run 'bash .ci/install-deps' (it installs libglib2.0-dev-bin and gettext)" >&2; exit 1; }
        done
        share=$output/share new=$output/share.new
        rm -rf "$new"
        mkdir -p "$new/tandem" "$new/glib-2.0/schemas" "$new/locale"
        glib-compile-resources --sourcedir="$data/ui" --target="$new/tandem/tandem-ui.gresource" "$data/ui/tandem-ui.gresource.xml"
        cp "$data/io.github.tandemedit.Tandem.gschema.xml" "$new/glib-2.0/schemas/"
        glib-compile-schemas --strict "$new/glib-2.0/schemas"
        for language in $(sed 's/#.*//' "$po/LINGUAS"); do
          mkdir -p "$new/locale/$language/LC_MESSAGES"
          msgfmt --check -o "$new/locale/$language/LC_MESSAGES/tandem.mo" "$po/$language.po"
        done
        cp -R "$data/icons" "$new/icons"
        rm -rf "$share"
        mv "$new" "$share"
        printf '/// Where the build put Tandem'"'"'s data (BuildDataPlugin): PREFIX/share'"'"'s layout.\nenum BuildTreeData {\n    static let folder = "%s"\n}\n' "$share" > "$source"
        """#
}
