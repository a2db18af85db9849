// swift-tools-version:6.1
import PackageDescription

// restack-mail, Restack's example app, in a package of its own: it depends on Restack as an app
// does, through the library products alone, so that nothing `package` in Restack is within its
// reach. Build and run it from Restack's folder:
//
//     swift run --package-path Examples/RestackMail restack-mail
let package = Package(
    name: "RestackMail",
    // The navigation model is `@Observable`: Observation needs macOS 14 on Apple systems. A
    // terminal app: no other Apple platform.
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "restack-mail", targets: ["restack-mail"]),
    ],
    dependencies: [
        .package(name: "Restack", path: "../.."),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
    ],
    targets: [
        // The app: its navigation on RestackStore's NavigationModel, its screens drawn as text.
        .executableTarget(
            name: "restack-mail",
            dependencies: [
                .product(name: "Restack", package: "Restack"),
                .product(name: "RestackStore", package: "Restack"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The app's own logic in process: commands, keys, drawing, its navigation state across
        // relaunches (RestackTesting), its status line's words. Restack's `swift test` runs
        // them, with the tests that drive the built app as a user does (Tests/RestackMailTests).
        .testTarget(
            name: "RestackMailAppTests",
            dependencies: [
                "restack-mail",
                .product(name: "Restack", package: "Restack"),
                .product(name: "RestackStore", package: "Restack"),
                .product(name: "RestackTesting", package: "Restack"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
