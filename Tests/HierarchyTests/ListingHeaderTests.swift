import Hierarchy
import HierarchyReaders
import Testing
import TestSupport

/// The header lines of `ps` and `lsblk` above their trees: left out, `ps`'s rows read from
/// the command column, `lsblk`'s padding collapsed.
@Suite struct ListingHeaderTests {
    func read(_ text: String) throws(ReadError) -> Tree { try OutlineReader().read(Array(text.utf8), file: "in.txt") }

    /// `ps -e --forest -o pid,cmd`: the PID before each command is its tooltip.
    @Test func psWithAPIDColumn() throws {
        let text = """
                PID CMD
                  1 /sbin/init splash
                412  \\_ /lib/systemd/systemd-journald
                870  \\_ sshd: /usr/sbin/sshd -D
               2201  |   \\_ sshd: alice [priv]
               2261  |       \\_ -bash
                901  \\_ /usr/sbin/gdm3
                  2 [kthreadd]

            """
        let tree = try read(text)
        #expect(tree.labels == ["/sbin/init splash", "/lib/systemd/systemd-journald", "sshd: /usr/sbin/sshd -D",
                                "sshd: alice [priv]", "-bash", "/usr/sbin/gdm3", "[kthreadd]"])
        #expect(tree.parents == [-1, 0, 0, 2, 3, 0, -1])
        #expect(tree.attributes(of: 0)?.tooltip == "PID 1")
        #expect(tree.attributes(of: 4)?.tooltip == "PID 2261")
    }

    /// `ps axjf` and `ps -ef --forest`: several columns before the command; a value wider than
    /// its column pushes the command right.
    @Test func psWithSeveralColumns() throws {
        let axjf = """
               PPID     PID    PGID     SID TTY        TPGID STAT   UID   TIME COMMAND
                  0       2       0       0 ?             -1 S        0   0:00 [kthreadd]
                  2       3       0       0 ?             -1 I<       0   0:00  \\_ [rcu_gp]
                  0       1       1       1 ?             -1 Ss       0   0:05 /sbin/init splash

            """
        let tree = try read(axjf)
        #expect(tree.labels == ["[kthreadd]", "[rcu_gp]", "/sbin/init splash"])
        #expect(tree.parents == [-1, 0, -1])
        #expect(tree.attributes(of: 1)?.tooltip == "PPID 2, PID 3, PGID 0, SID 0, TTY ?, TPGID -1, STAT I<, UID 0, TIME 0:00")
        let ef = """
            UID          PID    PPID  C STIME TTY          TIME CMD
            root           1       0  0 Dec03 ?        00:00:05 /sbin/init
            root         412       1  0 Dec03 ?        00:00:01  \\_ /lib/systemd/systemd-journald
            systemd-timesync 455   1  0 Dec03 ?        00:00:00  \\_ /lib/systemd/systemd-timesyncd

            """
        let efTree = try read(ef)
        #expect(efTree.labels == ["/sbin/init", "/lib/systemd/systemd-journald", "/lib/systemd/systemd-timesyncd"])
        #expect(efTree.parents == [-1, 0, 0])
    }

    /// A column whose values have spaces (`ps -eo pid,lstart,cmd --forest`'s start time): rows
    /// are read from the header's command column, not past one word a column (a review: every
    /// label began with the date, every row a root).
    @Test func psWithAColumnOfSeveralWords() throws {
        let lstart = """
                PID                  STARTED CMD
                  2 Thu Dec  3 17:29:19 2026 [kthreadd]
                  3 Thu Dec  3 17:29:19 2026  \\_ [pool_workqueue_release]

            """
        let tree = try read(lstart)
        #expect(tree.labels == ["[kthreadd]", "[pool_workqueue_release]"])
        #expect(tree.parents == [-1, 0])
        #expect(tree.attributes(of: 1)?.tooltip == "PID STARTED: 3 Thu Dec 3 17:29:19 2026")
    }

    /// `ps -e --forest -o cmd`: a lone "CMD" is a header above `\_ ` drawing, and only there.
    @Test func psWithTheCommandAlone() throws {
        let tree = try read("CMD\n/sbin/init\n \\_ /lib/systemd/systemd-journald\n")
        #expect(tree.labels == ["/sbin/init", "/lib/systemd/systemd-journald"])
        #expect(tree.parents == [-1, 0])
        #expect(outline(try read("CMD\n  ls\n  cd\n")) == ["CMD", ".ls", ".cd"])
    }

    /// `pip list`: its column names and the rule of dashes under them are no nodes; the rows'
    /// padding is collapsed. One title underlined (Markdown's heading) is no table.
    @Test func aRuledTablesHeaderIsLeftOut() throws {
        let text = "Package                   Version\n------------------------- -----------\nannotated-types           0.7.0\nasttokens                 3.0.1\n"
        #expect(outline(try read(text)) == ["annotated-types 0.7.0", "asttokens 3.0.1"])
        #expect(outline(try read(text.replacing("\n", with: "\r\n"))) == ["annotated-types 0.7.0", "asttokens 3.0.1"])
        #expect(outline(try read("Title\n-----\n  a\n")) == ["Title", "-----", ".a"])
        #expect(outline(try read("Größe    Name\n-----    ----\n4 KB     a b\n")) == ["4 KB a b"])
        // Runs of dashes not under the names' starts: an outline's lines as written.
        #expect(outline(try read("a b\n-- --\n")) == ["a b", "-- --"])
    }

    @Test func lsblkHeaderIsLeftOutAndItsPaddingCollapsed() throws {
        let text = """
            NAME                      MAJ:MIN RM   SIZE RO TYPE  MOUNTPOINTS
            nvme0n1                   259:0    0 476.9G  0 disk  
            ├─nvme0n1p1               259:1    0   512M  0 part  /boot/efi
            └─nvme0n1p3               259:3    0 474.8G  0 part  
              └─nvme0n1p3_crypt       253:0    0 474.7G  0 crypt 
                ├─vgubuntu-root       253:1    0 473.7G  0 lvm   /
                └─vgubuntu-swap_1     253:2    0   980M  0 lvm   [SWAP]
            sda                         8:0    1  14.9G  0 disk  
            └─sda1                      8:1    1  14.9G  0 part  /media/alice/USB STICK

            """
        let tree = try read(text)
        #expect(outline(tree) == ["nvme0n1 259:0 0 476.9G 0 disk", ".nvme0n1p1 259:1 0 512M 0 part /boot/efi",
                                  ".nvme0n1p3 259:3 0 474.8G 0 part", "..nvme0n1p3_crypt 253:0 0 474.7G 0 crypt",
                                  "...vgubuntu-root 253:1 0 473.7G 0 lvm /", "...vgubuntu-swap_1 253:2 0 980M 0 lvm [SWAP]",
                                  "sda 8:0 1 14.9G 0 disk", ".sda1 8:1 1 14.9G 0 part /media/alice/USB STICK"])
        // Newer lsblk's further mount points stand on lines of their own, under the column (a
        // review: "/" became a child device): they join their row.
        let mounts = """
            NAME        MAJ:MIN RM   SIZE RO TYPE MOUNTPOINTS
            sda           8:0    0 238.5G  0 disk
            ├─sda1        8:1    0   512M  0 part /boot/efi
            ├─sda2        8:2    0   238G  0 part /var/snap/firefox/common/host-hunspell
            │                                     /
            └─sda3        8:3    0     1G  0 part

            """
        #expect(outline(try read(mounts)) == ["sda 8:0 0 238.5G 0 disk", ".sda1 8:1 0 512M 0 part /boot/efi",
                                              ".sda2 8:2 0 238G 0 part /var/snap/firefox/common/host-hunspell /",
                                              ".sda3 8:3 0 1G 0 part"])
        // `lsblk -f`'s columns.
        #expect(try read("NAME   FSTYPE FSVER LABEL UUID\nsda\n└─sda1 vfat   FAT32 BOOT  1234-ABCD\n").labels
                == ["sda", "sda1 vfat FAT32 BOOT 1234-ABCD"])
    }

    /// Other first lines in capitals are an outline's, and other labels keep their spaces.
    @Test func otherHeadersAndLabelsStayAsWritten() throws {
        #expect(outline(try read("NAME  READY  STATUS\n  web-1  1/1  Running\n")) == ["NAME  READY  STATUS", ".web-1  1/1  Running"])
        #expect(outline(try read("NAME\n  sda\n")) == ["NAME", ".sda"])
        // Capitals ending in COMMAND without ps's PID: an outline's root, its lines read whole.
        #expect(outline(try read("GIT COMMAND\n  add\n  commit\n")) == ["GIT COMMAND", ".add", ".commit"])
        #expect(outline(try read("a  b\n  c   d\n")) == ["a  b", ".c   d"])
    }
}
