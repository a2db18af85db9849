/// The mail the app shows: a fixed, made-up account, so that every launch shows the same folders
/// and messages and a restored identifier always finds its content.
enum MailData {
    struct Folder {
        let id: String
        let title: String
        let subfolders: [String]
        let messages: [String]
    }

    struct Message {
        let id: String
        let from: String
        let subject: String
        let body: [String]
        let attachments: [String]
    }

    static let topFolders = ["inbox", "archive", "sent"]

    static let folders: [String: Folder] = Dictionary(uniqueKeysWithValues: [
        Folder(id: "inbox", title: "Inbox", subfolders: [], messages: ["message-1", "message-2", "message-3"]),
        Folder(id: "archive", title: "Archive", subfolders: ["archive-2025", "archive-2026"], messages: []),
        Folder(id: "archive-2025", title: "Archive 2025", subfolders: [], messages: ["message-4", "message-5"]),
        Folder(id: "archive-2026", title: "Archive 2026", subfolders: [], messages: ["message-6"]),
        Folder(id: "sent", title: "Sent", subfolders: [], messages: ["message-7"]),
    ].map { ($0.id, $0) })

    static let messages: [String: Message] = Dictionary(uniqueKeysWithValues: [
        Message(id: "message-1", from: "Ada", subject: "Launch checklist", body: ["The checklist for Friday is attached.", "Shout if anything is missing."],
                attachments: ["attachment-1-1", "attachment-1-2"]),
        Message(id: "message-2", from: "Grace", subject: "Lunch?", body: ["Noodles at noon?"], attachments: []),
        Message(id: "message-3", from: "Linus", subject: "Patch review", body: ["Two nits, otherwise good to go."], attachments: ["attachment-3-1"]),
        Message(id: "message-4", from: "Barbara", subject: "2025 report", body: ["Numbers for the year."], attachments: ["attachment-4-1"]),
        Message(id: "message-5", from: "Ken", subject: "Old thread", body: ["Closing this one."], attachments: []),
        Message(id: "message-6", from: "Margaret", subject: "Flight plan", body: ["Apollo notes inside."], attachments: ["attachment-6-1"]),
        Message(id: "message-7", from: "me", subject: "Re: Lunch?", body: ["Yes!"], attachments: []),
    ].map { ($0.id, $0) })

    static let attachmentTitles: [String: String] = [
        "attachment-1-1": "checklist.pdf", "attachment-1-2": "timeline.png", "attachment-3-1": "review.diff",
        "attachment-4-1": "report-2025.xlsx", "attachment-6-1": "apollo.txt",
    ]

    static let settingsPages: [(id: String, title: String, text: [String])] = [
        ("accounts", "Accounts", ["ada@example.com (IMAP)", "work@example.com (Exchange)"]),
        ("signature", "Signature", ["-- ", "Sent from restack-mail"]),
    ]
}
