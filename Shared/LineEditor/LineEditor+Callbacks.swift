import CLibEdit

#if canImport(Glibc)
    import Glibc
#endif

extension LineEditor {
    /// The editor a libedit callback was called for (stored as libedit's client data).
    static func owner(of editLine: OpaquePointer?) -> LineEditor? {
        guard let editLine, let data = clibedit_client_data(editLine) else { return nil }
        return Unmanaged<LineEditor>.fromOpaque(data).takeUnretainedValue()
    }

    /// Hooks the editor into libedit: prompt, character source, Tab, Ctrl-C, Ctrl-Z.
    ///
    /// Ctrl-C and Ctrl-Z reach libedit as keys because the terminal's signal keys are off while a line is edited
    /// (`-isig`); between reads they are signals as usual.
    func installCallbacks() {
        guard let editLine = session?.editLine else { return }
        _ = clibedit_set_client_data(editLine, Unmanaged.passUnretained(self).toOpaque())
        _ = clibedit_set_prompt(
            editLine,
            { editLine in LineEditor.owner(of: editLine)?.session?.promptBuffer },
            1)
        _ = clibedit_set_getc(editLine) { editLine, character in
            guard let character, let editor = LineEditor.owner(of: editLine) else { return -1 }
            return editor.nextCharacter(into: character)
        }
        _ = clibedit_add_function(editLine, "lineeditor-complete", "Complete the word at the cursor") { editLine, _ in
            LineEditor.owner(of: editLine)?.complete() ?? UInt8(CC_ERROR)
        }
        _ = clibedit_add_function(editLine, "lineeditor-interrupt", "Abandon the line") { editLine, _ in
            LineEditor.owner(of: editLine)?.abortReason = .interrupt
            return UInt8(CC_EOF)
        }
        _ = clibedit_add_function(editLine, "lineeditor-suspend", "Suspend with the terminal restored") {
            editLine, _ in
            LineEditor.owner(of: editLine)?.abortReason = .suspend
            return UInt8(CC_EOF)
        }
        _ = clibedit_bind(editLine, "^I", "lineeditor-complete")
        _ = clibedit_bind(editLine, "^C", "lineeditor-interrupt")
        _ = clibedit_bind(editLine, "^Z", "lineeditor-suspend")
        _ = clibedit_bind(editLine, "^R", "em-inc-search-prev")  // as in readline; libedit's emacs map redraws
        _ = clibedit_set_edit_tty_flag(editLine, "-isig")
    }
}
