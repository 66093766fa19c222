// SPDX-License-Identifier: GPL-3.0-or-later
#include "filepathedit.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QToolButton>

FilePathEdit::FilePathEdit(const QString &caption, const QString &nameFilter, QWidget *parent)
    : QWidget(parent)
    , m_caption(caption)
    , m_nameFilter(nameFilter)
    , m_edit(new QLineEdit(this))
    , m_browse(new QToolButton(this))
{
    m_edit->setClearButtonEnabled(true);
    m_browse->setText(tr("Browse…"));
    m_browse->setToolTip(caption);
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_edit, 1);
    layout->addWidget(m_browse);
    setFocusProxy(m_edit);
    connect(m_edit, &QLineEdit::textChanged, this, [this] { emit pathChanged(path()); });
    connect(m_browse, &QToolButton::clicked, this, &FilePathEdit::browse);
}

QString FilePathEdit::path() const
{
    return m_edit->text().trimmed();
}

void FilePathEdit::setPath(const QString &path)
{
    m_edit->setText(path);
}

void FilePathEdit::setPlaceholderText(const QString &text)
{
    m_edit->setPlaceholderText(text);
}

QLineEdit *FilePathEdit::lineEdit() const
{
    return m_edit;
}

QToolButton *FilePathEdit::browseButton() const
{
    return m_browse;
}

void FilePathEdit::browse()
{
    auto *dialog = new QFileDialog(this, m_caption);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setFileMode(QFileDialog::ExistingFile);
    // Unix sockets count as system files; without this they would not be listed.
    dialog->setFilter(dialog->filter() | QDir::System);
    dialog->setNameFilters({m_nameFilter, tr("All files (*)")});
    if (!path().isEmpty())
        dialog->selectFile(path());
    else
        dialog->setDirectory(QDir::homePath());
    connect(dialog, &QFileDialog::fileSelected, this, [this](const QString &file) { setPath(file); });
    dialog->open();
}
