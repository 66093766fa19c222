// SPDX-License-Identifier: GPL-3.0-or-later
// The include graph of the console's C++ (issue #31): the layers stand on each other in one
// order, lua < redis < model < app, and no file includes a header of a layer above its own; inside
// redis/ and model/ the folders include each other without a cycle, so each folder can be read
// (and replaced) with only the folders below it in mind; and every file of those two layers lies
// in a folder, none at the layer's root. Headers are named by file alone (every folder is an
// include directory), so an include is resolved the way the compiler finds it: the file beside
// the includer first, else the one file of that name in the tree.
#include <QDirIterator>
#include <QFile>
#include <QHash>
#include <QMap>
#include <QRegularExpression>
#include <QSet>
#include <QtTest>

#include <algorithm>

namespace {
QString sourceDir()
{
    return QStringLiteral(QLESSDESK_SOURCE_DIR);
}

// Lowest first: a file may include headers of its own layer and of those before it.
const QStringList &layers()
{
    static const QStringList order{QStringLiteral("lua"), QStringLiteral("redis"), QStringLiteral("model"),
                                   QStringLiteral("app")};
    return order;
}

// The layers whose folders must not include each other in a cycle. app/ joins once its own
// folders are untangled (issue #31 names its cycles: window <-> pages, pages <-> actions).
const QStringList &acyclicLayers()
{
    static const QStringList checked{QStringLiteral("redis"), QStringLiteral("model")};
    return checked;
}

struct Include
{
    QString target; // the included file, relative to the source tree
    int line = 0;
};

struct SourceFile
{
    QString path;   // relative to the source tree: model/jobs/joblistmodel.cpp
    QString layer;  // model
    QString folder; // model/jobs
    QList<Include> includes;
};

QString folderOf(const QString &path)
{
    return path.left(path.lastIndexOf(QLatin1Char('/')));
}

// Every .h and .cpp of the layers, with its includes resolved to files of the tree (an include
// of Qt, the C++ library or hiredis names no file here and is left out).
QList<SourceFile> readTree()
{
    QList<SourceFile> files;
    QHash<QString, QStringList> byName; // file name -> the paths holding it
    for (const QString &layer : layers()) {
        QDirIterator it(sourceDir() + QLatin1Char('/') + layer, {QStringLiteral("*.h"), QStringLiteral("*.cpp")},
                        QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            const QString path = it.next().mid(sourceDir().size() + 1);
            files.append({path, layer, folderOf(path), {}});
            byName[path.mid(path.lastIndexOf(QLatin1Char('/')) + 1)].append(path);
        }
    }
    static const QRegularExpression include(QStringLiteral("^\\s*#\\s*include\\s*\"([^\"]+)\""),
                                            QRegularExpression::MultilineOption);
    for (SourceFile &file : files) {
        QFile in(sourceDir() + QLatin1Char('/') + file.path);
        if (!in.open(QIODevice::ReadOnly))
            continue;
        const QString text = QString::fromUtf8(in.readAll());
        auto it = include.globalMatch(text);
        while (it.hasNext()) {
            const QRegularExpressionMatch m = it.next();
            const QString named = m.captured(1);
            const int line = int(text.left(m.capturedStart()).count(QLatin1Char('\n'))) + 1;
            const QString beside = file.folder + QLatin1Char('/') + named;
            if (QFile::exists(sourceDir() + QLatin1Char('/') + beside)) {
                file.includes.append({QDir::cleanPath(beside), line});
                continue;
            }
            const QStringList holders = byName.value(named.mid(named.lastIndexOf(QLatin1Char('/')) + 1));
            if (holders.size() == 1)
                file.includes.append({holders.first(), line});
            else if (holders.size() > 1)
                file.includes.append({QStringLiteral("?ambiguous:") + named, line});
        }
    }
    return files;
}

QString layerOf(const QString &path)
{
    return path.section(QLatin1Char('/'), 0, 0);
}

// One include that makes folder `from` depend on folder `to`, for the message.
using FolderEdges = QMap<QString, QMap<QString, QString>>; // from -> to -> "file:line includes header"

FolderEdges folderEdges(const QList<SourceFile> &files, const QString &layer)
{
    FolderEdges edges;
    for (const SourceFile &file : files) {
        if (file.layer != layer)
            continue;
        edges[file.folder]; // every folder is a node, even one that includes no other
        for (const Include &inc : file.includes) {
            const QString to = folderOf(inc.target);
            if (layerOf(inc.target) != layer || to == file.folder)
                continue;
            if (!edges[file.folder].contains(to))
                edges[file.folder].insert(
                    to, QStringLiteral("%1:%2 includes %3").arg(file.path).arg(inc.line).arg(inc.target));
        }
    }
    return edges;
}

// Strongly connected components (Tarjan), each of more than one folder: the cycles.
class CycleFinder
{
public:
    explicit CycleFinder(const FolderEdges &edges)
        : m_edges(edges)
    {
        for (auto it = m_edges.cbegin(); it != m_edges.cend(); ++it)
            if (!m_index.contains(it.key()))
                visit(it.key());
    }
    QList<QStringList> cycles() const { return m_cycles; }

private:
    void visit(const QString &v)
    {
        m_index[v] = m_low[v] = m_next++;
        m_stack.append(v);
        m_onStack.insert(v);
        const QMap<QString, QString> out = m_edges.value(v);
        for (auto it = out.cbegin(); it != out.cend(); ++it) {
            const QString &w = it.key();
            if (!m_index.contains(w)) {
                visit(w);
                m_low[v] = qMin(m_low[v], m_low[w]);
            } else if (m_onStack.contains(w)) {
                m_low[v] = qMin(m_low[v], m_index[w]);
            }
        }
        if (m_low[v] != m_index[v])
            return;
        QStringList component;
        QString w;
        do {
            w = m_stack.takeLast();
            m_onStack.remove(w);
            component.prepend(w);
        } while (w != v);
        if (component.size() > 1)
            m_cycles.append(component);
    }

    const FolderEdges &m_edges;
    QHash<QString, int> m_index;
    QHash<QString, int> m_low;
    QStringList m_stack;
    QSet<QString> m_onStack;
    int m_next = 0;
    QList<QStringList> m_cycles;
};

// One closed path through a component, from its first folder back to it, each step with the
// include that makes it: what to look at to break the cycle.
QString describeCycle(const FolderEdges &edges, const QStringList &component)
{
    const QSet<QString> inside(component.cbegin(), component.cend());
    const QString start = component.first();
    QHash<QString, QString> cameFrom;
    QStringList queue{start};
    QString last;
    while (!queue.isEmpty() && last.isEmpty()) {
        const QString v = queue.takeFirst();
        const QMap<QString, QString> out = edges.value(v);
        for (auto it = out.cbegin(); it != out.cend(); ++it) {
            if (!inside.contains(it.key()))
                continue;
            if (it.key() == start) {
                last = v;
                break;
            }
            if (!cameFrom.contains(it.key())) {
                cameFrom.insert(it.key(), v);
                queue.append(it.key());
            }
        }
    }
    QStringList path{start};
    for (QString v = last; v != start; v = cameFrom.value(v))
        path.insert(1, v);
    path.append(start);
    QStringList steps;
    for (int i = 0; i + 1 < path.size(); ++i)
        steps << QStringLiteral("    %1 -> %2 (%3)").arg(path[i], path[i + 1], edges[path[i]][path[i + 1]]);
    return QStringLiteral("  cycle among %1:\n%2")
        .arg(component.join(QStringLiteral(", ")), steps.join(QLatin1Char('\n')));
}
} // namespace

class TestIncludeGraph : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        m_files = readTree();
        for (const QString &layer : acyclicLayers()) {
            const bool found =
                std::any_of(m_files.cbegin(), m_files.cend(), [&](const SourceFile &f) { return f.layer == layer; });
            QVERIFY2(found, qPrintable(QStringLiteral("no source found under %1/%2").arg(sourceDir(), layer)));
        }
    }

    void noIncludeReachesUpALayer()
    {
        QStringList problems;
        for (const SourceFile &file : m_files) {
            for (const Include &inc : file.includes) {
                if (inc.target.startsWith(QLatin1String("?ambiguous:"))) {
                    problems << QStringLiteral("%1:%2 includes %3, a name several files hold")
                                    .arg(file.path)
                                    .arg(inc.line)
                                    .arg(inc.target.mid(11));
                    continue;
                }
                const QString to = layerOf(inc.target);
                if (layers().indexOf(to) > layers().indexOf(file.layer))
                    problems << QStringLiteral("%1:%2 includes %3 (%4/ is above %5/)")
                                    .arg(file.path)
                                    .arg(inc.line)
                                    .arg(inc.target, to, file.layer);
            }
        }
        QVERIFY2(problems.isEmpty(),
                 qPrintable(QStringLiteral("%1 include(s) against the layers (%2, lowest first):\n  %3")
                                .arg(problems.size())
                                .arg(layers().join(QStringLiteral(" < ")), problems.join(QStringLiteral("\n  ")))));
    }

    void foldersOfALayerIncludeEachOtherWithoutACycle_data()
    {
        QTest::addColumn<QString>("layer");
        for (const QString &layer : acyclicLayers())
            QTest::newRow(qPrintable(layer)) << layer;
    }

    void foldersOfALayerIncludeEachOtherWithoutACycle()
    {
        QFETCH(QString, layer);
        const FolderEdges edges = folderEdges(m_files, layer);
        const QList<QStringList> cycles = CycleFinder(edges).cycles();
        QStringList text;
        for (const QStringList &component : cycles)
            text << describeCycle(edges, component);
        QVERIFY2(cycles.isEmpty(), qPrintable(QStringLiteral("%1 cycle(s) between folders of %2/:\n%3")
                                                  .arg(cycles.size())
                                                  .arg(layer, text.join(QLatin1Char('\n')))));
    }

    void everyFileOfALayerLiesInAFolder_data() { foldersOfALayerIncludeEachOtherWithoutACycle_data(); }

    void everyFileOfALayerLiesInAFolder()
    {
        QFETCH(QString, layer);
        QStringList atRoot;
        for (const SourceFile &file : m_files)
            if (file.layer == layer && file.folder == layer)
                atRoot << file.path;
        QVERIFY2(atRoot.isEmpty(),
                 qPrintable(QStringLiteral("%1/ is in folders by domain; these lie at its root:\n  %2")
                                .arg(layer, atRoot.join(QStringLiteral("\n  ")))));
    }

private:
    QList<SourceFile> m_files;
};

QTEST_GUILESS_MAIN(TestIncludeGraph)
#include "tst_includegraph.moc"
